import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { IMAGE_BASE_PATH } from '@qmgt/contracts';
import type { Db, Tx } from '../../db/client.js';
import { files } from './files.schema.js';
import type { FileStorage } from '../../adapters/storage/port.js';
import { AppError } from '../../lib/errors.js';
import { DOCUMENT_TYPES, EXTENSION, IMAGE_TYPES, detectFileType, type DetectedType } from './files.rules.js';

export type FileRow = typeof files.$inferSelect;
export type FileKind = FileRow['kind'];

const ALLOWED: Record<FileKind, readonly DetectedType[]> = {
  profile_picture: IMAGE_TYPES,
  selfie: IMAGE_TYPES,
  identity_document: DOCUMENT_TYPES,
};

const ALLOWED_TEXT: Record<FileKind, string> = {
  profile_picture: 'JPEG, PNG or WebP image',
  selfie: 'JPEG, PNG or WebP image',
  identity_document: 'JPEG, PNG or WebP image, or a PDF',
};

/** Larger than any phone photo; a "decompression bomb" above it is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;
/** Shown as an avatar: nothing larger is ever needed, and a smaller file serves faster. */
const PICTURE_MAX_SIDE = 1024;

/**
 * A public picture is decoded and encoded again: only the pixels survive, never the metadata a
 * phone writes (EXIF with the GPS position, camera serials, XMP, comments) nor anything hidden
 * after the image data. Turned upright from the EXIF orientation first, since that goes too.
 */
async function reencodePicture(data: Buffer, type: DetectedType): Promise<Buffer> {
  try {
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: PICTURE_MAX_SIDE, height: PICTURE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    if (type === 'image/png') return await image.png().toBuffer();
    if (type === 'image/webp') return await image.webp({ quality: 90 }).toBuffer();
    return await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  } catch {
    // The right kind of file by its first bytes, but not a picture that decodes: the request is
    // well formed, its content cannot be used (422, not the 415 of a wrong file type).
    throw new AppError(422, 'UnprocessableError', 'This picture could not be read: upload a JPEG, PNG or WebP image.', {
      kind: 'profile_picture',
    });
  }
}

export function createFilesService(deps: { db: Db; storage: FileStorage }) {
  return {
    /** Several files' records at once (the back office lists documents). */
    async byIds(ids: readonly string[]): Promise<FileRow[]> {
      if (ids.length === 0) return [];
      return deps.db
        .select()
        .from(files)
        .where(inArray(files.id, [...ids]));
    },
    /** Checks the bytes, stores them under a fresh random key and records the file. */
    async store(ownerUserId: string, kind: FileKind, data: Buffer, tx: Db | Tx = deps.db): Promise<FileRow> {
      const type = detectFileType(data);
      if (!type || !ALLOWED[kind].includes(type)) {
        throw new AppError(415, 'ValidationError', `This file is not accepted: upload a ${ALLOWED_TEXT[kind]}.`, {
          kind,
        });
      }
      const isPublic = kind === 'profile_picture';
      // Identity documents and selfies stay as sent: they are evidence, private, and reviewed as uploaded.
      if (isPublic) data = await reencodePicture(data, type);
      const name = `${randomBytes(16).toString('hex')}.${EXTENSION[type]}`;
      const storageKey = isPublic ? `pictures/${name}` : `private/${kind}/${name}`;
      await deps.storage.put(storageKey, data);
      const [row] = await tx
        .insert(files)
        .values({ ownerUserId, kind, contentType: type, size: data.length, storageKey, isPublic })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** The public picture with this file name, if there is one. */
    async findPublicPicture(name: string): Promise<FileRow | undefined> {
      const [row] = await deps.db
        .select()
        .from(files)
        .where(and(eq(files.storageKey, `pictures/${name}`), eq(files.isPublic, true)))
        .limit(1);
      return row;
    },

    async findById(id: string, tx: Db | Tx = deps.db): Promise<FileRow | undefined> {
      const [row] = await tx.select().from(files).where(eq(files.id, id)).limit(1);
      return row;
    },

    read(file: FileRow): Promise<Buffer> {
      return deps.storage.read(file.storageKey);
    },

    /** Where a public picture is served: under the image base path on the same host. */
    publicLink(file: FileRow): string {
      return `${IMAGE_BASE_PATH}/${file.storageKey.slice('pictures/'.length)}`;
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
