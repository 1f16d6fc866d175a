import type { FastifyPluginAsync } from 'fastify';
import { IMAGE_BASE_PATH } from '@qmgt/contracts';
import { notFound } from '../../lib/errors.js';
import type { FilesService } from './files.service.js';

/** Public profile pictures under the image base path; nothing else is ever served from storage here. */
export const picturesRoutes: FastifyPluginAsync<{ files: FilesService }> = async (app, { files }) => {
  app.get<{ Params: { name: string } }>(
    `${IMAGE_BASE_PATH}/:name`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { name } = request.params;
      if (!/^[0-9a-f]{32}\.(jpg|png|webp)$/.test(name)) throw notFound('No such picture.');
      const file = await files.findPublicPicture(name);
      if (!file) throw notFound('No such picture.');
      return reply
        .header('Content-Type', file.contentType)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Disposition', 'inline')
        .send(await files.read(file));
    },
  );
};
