/** The file-storage port: local disk by default; an S3-compatible bucket is the production adapter. */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}
