import path from 'node:path';
import fp from 'fastify-plugin';
import { createLocalStorage } from '../../adapters/storage/local.js';
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
      storage: createLocalStorage(path.join(app.config.dataDir, 'uploads')),
    });
    app.services.files = files;
    await app.register(picturesRoutes, { files });
  },
  { name: 'module:files' },
);
