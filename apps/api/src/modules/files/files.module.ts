import path from 'node:path';
import fp from 'fastify-plugin';
import { createLocalStorage } from '../../adapters/storage/local.js';
import { createS3Storage } from '../../adapters/storage/s3.js';
import { createFilesService, type FilesService } from './files.service.js';
import { picturesRoutes } from './files.routes.js';

declare module '../../services.js' {
  interface Services {
    files: FilesService;
  }
}

/** Uploads (KYC documents, profile pictures) on the storage port, and the public pictures route. */
export default fp(
  async (app) => {
    const files = createFilesService({
      db: app.database.db,
      // S3_BUCKET switches uploads to an S3-compatible bucket; local disk otherwise.
      storage: app.config.s3
        ? createS3Storage(app.config.s3)
        : createLocalStorage(path.join(app.config.dataDir, 'uploads')),
    });
    app.services.files = files;
    await app.register(picturesRoutes, { files });
  },
  { name: 'module:files' },
);
