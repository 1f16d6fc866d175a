import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  devKycReviewRequestSchema,
  okSchema,
  sandboxApplicantSchema,
  sandboxDocumentFormSchema,
  sandboxSubmitResponseSchema,
} from '@qmgt/contracts';
import { badRequest, invalidInput } from '../../lib/errors.js';
import type { ManualBody } from '../../plugins/openapi.js';
import { DOCUMENT_TYPES } from '../files/index.js';
import { readMultipart } from '../../lib/multipart.js';
import { readMrz } from '../../adapters/kyc/mrz.js';
import type { SandboxProvider } from '../../adapters/kyc/sandbox.js';
import type { FilesService } from '../files/index.js';
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
  const security = [{ sandboxSdkToken: [] }];
  /** Whose SDK token a request carries, checked at onRequest: before any body is read. */
  const applicantOf = new WeakMap<FastifyRequest, string>();
  const sdkSession = async (request: FastifyRequest) => {
    applicantOf.set(request, await sandbox.authenticateSdkToken(sdkToken(request)));
  };
  const subject = (request: FastifyRequest) => {
    const externalUserId = applicantOf.get(request);
    if (!externalUserId) throw new Error('sdkSession did not run');
    return externalUserId;
  };
  const documentForm = {
    contentTypes: ['multipart/form-data'],
    fields: sandboxDocumentFormSchema,
    files: { file: { required: true, contentTypes: DOCUMENT_TYPES } },
  } satisfies ManualBody;

  app.get(
    apiPaths.sandboxKycApplicant,
    {
      onRequest: sdkSession,
      // 404: the token's user has no sandbox applicant yet.
      config: { errorStatuses: [404] },
      schema: {
        tags,
        security,
        summary: 'The sandbox applicant of an SDK token',
        response: { 200: sandboxApplicantSchema },
      },
    },
    async (request) => {
      const { applicant, documents } = await sandbox.state(subject(request));
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
      onRequest: sdkSession,
      // 403: finally rejected; 404: no applicant yet; 409: under review or already verified.
      config: { manualBody: documentForm, errorStatuses: [403, 404, 409] },
      schema: {
        tags,
        security,
        summary: 'Upload an identity document or a selfie (multipart: kind + file)',
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const externalUserId = subject(request);
      const form = await readMultipart(
        request,
        Object.keys(documentForm.files),
        Object.keys(documentForm.fields.shape),
      );
      const parsed = documentForm.fields.safeParse(form.fields);
      if (!parsed.success) throw invalidInput(parsed.error.issues, parsed.error.issues[0]?.message ?? 'Invalid form.');
      const { kind } = parsed.data;
      const data = form.files.file;
      if (!data) throw badRequest('Choose a file to upload (field file).');
      const stored = await files.store(externalUserId, kind, data);
      await sandbox.addDocument(externalUserId, kind, stored.id);
      // Like Sumsub's reading of a document, without the OCR: the zone when the file carries it as text.
      const reading = kind === 'identity_document' ? readMrz(data.toString('latin1')) : null;
      if (reading) await kyc.fillFromDocument(externalUserId, reading);
      return { ok: true as const };
    },
  );

  app.post(
    apiPaths.sandboxKycSubmit,
    {
      onRequest: sdkSession,
      // 403: finally rejected; 404: no applicant yet; 409: documents missing, under review or verified.
      config: { errorStatuses: [403, 404, 409] },
      schema: {
        tags,
        security,
        summary: 'Send the uploaded documents for review',
        response: { 200: sandboxSubmitResponseSchema },
      },
    },
    async (request) => {
      const applicant = await sandbox.submit(subject(request));
      return { reviewStatus: applicant.reviewStatus };
    },
  );

  app.post(
    apiPaths.devKycReview,
    {
      // A user id with no applicant is a 404 (the id names a resource, in the body).
      config: { errorStatuses: [404] },
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
