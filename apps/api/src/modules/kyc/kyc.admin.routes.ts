import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminApplicantListSchema,
  adminApplicantsQuerySchema,
  apiPaths,
  okSchema,
  operatorReviewRequestSchema,
} from '@qmgt/contracts';
import { routeDeclarer } from '../../lib/routes.js';
import { currentAuth } from '../../plugins/auth.js';
import { EXTENSION, type DetectedType } from '../files/index.js';
import type { KycService } from './kyc.service.js';

/** The operator's back office for identity reviews. Every route needs the operator role. */
export const kycAdminRoutes: FastifyPluginAsync<{ kyc: KycService }> = async (fastify, { kyc }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['back office'];
  const route = routeDeclarer({ tags });
  const applicantParams = z.object({ applicantId: z.uuid({ error: 'Unknown applicant.' }) });

  app.get(
    apiPaths.adminKycApplicants,
    route({
      guard: app.requireOperator,
      summary: 'One review queue (pending by default), paged by key, with documents and review history',
      querystring: adminApplicantsQuerySchema,
      ok: adminApplicantListSchema,
    }),
    async (request) => kyc.listApplicants(request.query),
  );

  app.post(
    '/admin/kyc/applicants/:applicantId/review',
    route({
      guard: app.requireOperator,
      // 409: reviews happen at the real provider, or the applicant has not submitted yet.
      config: { errorStatuses: [409] },
      summary: 'Approve or reject (RETRY or FINAL) a sandbox applicant',
      params: applicantParams,
      body: operatorReviewRequestSchema,
      ok: okSchema,
    }),
    async (request) => {
      await kyc.review(currentAuth(request).user.id, { applicantId: request.params.applicantId }, request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/admin/kyc/applicants/:applicantId/documents/:documentId',
    {
      onRequest: app.requireOperator,
      config: {
        fileResponse: { contentType: 'application/octet-stream', description: 'The document, as an attachment' },
      },
      schema: {
        tags,
        summary: 'Download an identity document (attachment only)',
        params: applicantParams.extend({ documentId: z.uuid({ error: 'Unknown document.' }) }),
      },
    },
    async (request, reply) => {
      const { file, data } = await kyc.documentForOperator(request.params.applicantId, request.params.documentId);
      const extension = EXTENSION[file.contentType as DetectedType] ?? 'bin';
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Disposition', `attachment; filename="document-${file.id}.${extension}"`)
        .header('Cache-Control', 'no-store')
        .send(data);
    },
  );
};
