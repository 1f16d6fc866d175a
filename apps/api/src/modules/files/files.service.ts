import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { IMAGE_BASE_PATH } from '@qmgt/contracts';
import type { Db, Tx } from '../../db/client.js';
import { files } from '../../db/schema.js';
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

export function createFilesService(deps: { db: Db; storage: FileStorage }) {
  return {
    /** Checks the bytes, stores them under a fresh random key and records the file. */
    async store(ownerUserId: string, kind: FileKind, data: Buffer, tx: Db | Tx = deps.db): Promise<FileRow> {
      const type = detectFileType(data);
      if (!type || !ALLOWED[kind].includes(type)) {
        throw new AppError(415, 'ValidationError', `This file is not accepted: upload a ${ALLOWED_TEXT[kind]}.`, {
          kind,
        });
      }
      const isPublic = kind === 'profile_picture';
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
