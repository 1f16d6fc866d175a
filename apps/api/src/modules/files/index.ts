/** The files module's public surface: what other modules, the platform and app.ts may use. */
export { DOCUMENT_TYPES, EXTENSION, IMAGE_TYPES, type DetectedType } from './files.rules.js';
export { type FilesService } from './files.service.js';
