import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  devKycReviewRequestSchema,
  okSchema,
  sandboxApplicantSchema,
  sandboxSubmitResponseSchema,
} from '@qmgt/contracts';
import { badRequest } from '../../lib/errors.js';
import { readMultipart } from '../../lib/multipart.js';
import type { SandboxProvider } from '../../adapters/kyc/sandbox.js';
import type { FilesService } from '../files/files.service.js';
import type { KycService } from './kyc.service.js';

const sdkToken = (request: FastifyRequest) => {
  const value = request.headers['x-access-token'];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The sandbox identity provider's own API, as its screen inside /kyc-verification calls it
 * with the SDK token from /applicant/access-token (header X-Access-Token), plus the reviewer's
 * dev route. Registered only in the sandbox.
 */
export const kycSandboxRoutes: FastifyPluginAsync<{
  sandbox: SandboxProvider;
  files: FilesService;
  kyc: KycService;
}> = async (fastify, { sandbox, files, kyc }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['sandbox'];

  app.get(
    apiPaths.sandboxKycApplicant,
    { schema: { tags, summary: 'The sandbox applicant of an SDK token', response: { 200: sandboxApplicantSchema } } },
    async (request) => {
      const { applicant, documents } = await sandbox.state(await sandbox.authenticateSdkToken(sdkToken(request)));
      return {
        reviewStatus: applicant.reviewStatus,
        reviewAnswer: applicant.reviewResult?.reviewAnswer ?? null,
        reviewRejectType: applicant.reviewResult?.reviewRejectType ?? null,
        moderationComment: applicant.reviewResult?.moderationComment ?? null,
        documents: documents.map((d) => ({ id: d.id, kind: d.kind, createdAt: d.createdAt.toISOString() })),
      };
    },
  );

  app.post(
    apiPaths.sandboxKycDocuments,
    {
      schema: {
        tags,
        summary: 'Upload an identity document or a selfie (multipart: kind + file)',
        consumes: ['multipart/form-data'],
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const externalUserId = await sandbox.authenticateSdkToken(sdkToken(request));
      const form = await readMultipart(request, ['file']);
      const kind = z.enum(['identity_document', 'selfie']).safeParse(form.fields.kind);
      if (!kind.success) throw badRequest('Say which file this is: kind must be identity_document or selfie.');
      const data = form.files.file;
      if (!data) throw badRequest('Choose a file to upload (field file).');
      const stored = await files.store(externalUserId, kind.data, data);
      await sandbox.addDocument(externalUserId, kind.data, stored.id);
      return { ok: true as const };
    },
  );

  app.post(
    apiPaths.sandboxKycSubmit,
    {
      schema: {
        tags,
        summary: 'Send the uploaded documents for review',
        response: { 200: sandboxSubmitResponseSchema },
      },
    },
    async (request) => {
      const applicant = await sandbox.submit(await sandbox.authenticateSdkToken(sdkToken(request)));
      return { reviewStatus: applicant.reviewStatus };
    },
  );

  app.post(
    apiPaths.devKycReview,
    {
      schema: {
        tags,
        summary: 'Act as the sandbox reviewer: the provider then sends a signed applicantReviewed webhook',
        body: devKycReviewRequestSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const { userId, ...decision } = request.body;
      await kyc.review(null, { userId }, decision);
      return { ok: true as const };
    },
  );
};
