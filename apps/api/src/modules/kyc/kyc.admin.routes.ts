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
import { currentAuth } from '../../plugins/auth.js';
import { EXTENSION, type DetectedType } from '../files/index.js';
import type { KycService } from './kyc.service.js';

/** The operator's back office for identity reviews. Every route needs the operator role. */
export const kycAdminRoutes: FastifyPluginAsync<{ kyc: KycService }> = async (fastify, { kyc }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['back office'];
  const applicantParams = z.object({ applicantId: z.uuid({ error: 'Unknown applicant.' }) });

  app.get(
    apiPaths.adminKycApplicants,
    {
      onRequest: app.requireOperator,
      schema: {
        tags,
        summary: 'One review queue (pending by default), paged by key, with documents and review history',
        querystring: adminApplicantsQuerySchema,
        response: { 200: adminApplicantListSchema },
      },
    },
    async (request) => kyc.listApplicants(request.query),
  );

  app.post(
    '/admin/kyc/applicants/:applicantId/review',
    {
      onRequest: app.requireOperator,
      // 409: reviews happen at the real provider, or the applicant has not submitted yet.
      config: { errorStatuses: [409] },
      schema: {
        tags,
        summary: 'Approve or reject (RETRY or FINAL) a sandbox applicant',
        params: applicantParams,
        body: operatorReviewRequestSchema,
        response: { 200: okSchema },
      },
    },
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
