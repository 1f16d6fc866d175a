import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { FileStorage } from './port.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2, a test server); AWS when unset. */
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Path-style addressing (bucket in the path): what most S3-compatible servers want. */
  forcePathStyle?: boolean | undefined;
  /** Keys go under this prefix, so one bucket can hold several deployments. */
  prefix?: string | undefined;
}

/**
 * Files in an S3-compatible bucket (AWS SDK v3), switched on by S3_BUCKET. Keys are generated
 * by the server (never taken from a request); objects are private, read back through the API.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const Bucket = options.bucket;
  const keyOf = (key: string) => `${options.prefix ?? ''}${key}`;
  return {
    kind: 's3',
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: data }));
    },
    async read(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
      if (!answer.Body) throw new Error(`storage: no body for ${key}`);
      return Buffer.from(await answer.Body.transformToByteArray());
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
  };
}
