import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accessTokenResponseSchema,
  apiPaths,
  applicantDataRequestSchema,
  applicantDataSchema,
  applicantRequestSchema,
  applicantStatusSchema,
  handoffResponseSchema,
  isVerifyResponseSchema,
  kycDraftSchema,
  personalInfoResponseSchema,
  pictureResponseSchema,
} from '@qmgt/contracts';
import { currentAuth } from '../../plugins/auth.js';
import { authRateLimit } from '../../plugins/rate-limit.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { readMultipart } from '../../lib/multipart.js';
import type { KycService } from './kyc.service.js';

const NOT_YOURS = 'You can only act on your own verification.';

export const kycRoutes: FastifyPluginAsync<{
  kyc: KycService;
  rateLimit: { authMax: number; windowMs: number };
}> = async (fastify, { kyc, rateLimit }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['kyc'];
  const security = [{ bearer: [] }];

  /**
   * Whose applicant a call is about: the hand-off token's user on a second device, otherwise
   * the signed-in caller, who may name only themself (DESIGN.md section 5).
   */
  async function subject(request: FastifyRequest, named: string | undefined, uid: string | undefined): Promise<string> {
    if (uid) {
      const userId = await kyc.userFromHandoff(uid);
      if (named && named !== userId) throw forbidden(NOT_YOURS);
      return userId;
    }
    await app.requireUser(request);
    const self = currentAuth(request).user.id;
    if (named && named !== self) throw forbidden(NOT_YOURS);
    return self;
  }

  app.post(
    apiPaths.applicantAccessToken,
    {
      config: authRateLimit({ ...rateLimit, authMax: rateLimit.authMax * 3 }),
      schema: {
        tags,
        security,
        summary: 'An identity-provider SDK token for the caller',
        body: applicantRequestSchema,
        response: { 200: accessTokenResponseSchema },
      },
    },
    async (request) => kyc.accessToken(await subject(request, request.body.userId, request.body.uid)),
  );

  app.post(
    apiPaths.applicantStatus,
    {
      schema: {
        tags,
        security,
        summary: "The provider's review of the caller (null when the provider is unreachable)",
        body: applicantRequestSchema,
        response: { 200: applicantStatusSchema },
      },
    },
    async (request) => kyc.status(await subject(request, request.body.userId, request.body.uid)),
  );

  app.post(
    apiPaths.applicantData,
    {
      schema: {
        tags,
        security,
        summary: "The caller's applicant at the provider (null on provider error)",
        body: applicantDataRequestSchema,
        response: { 200: applicantDataSchema },
      },
    },
    async (request) => kyc.data(await subject(request, request.body.externalUserId, request.body.uid)),
  );

  app.post(
    apiPaths.applicantHandoff,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'A 15-minute token to continue verification on another device',
        response: { 200: handoffResponseSchema },
      },
    },
    async (request) => kyc.handoff(currentAuth(request).user.id),
  );

  app.get(
    apiPaths.getPersonal,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'The KYC form as saved, with the profile picture link',
        response: { 200: personalInfoResponseSchema },
      },
    },
    async (request) => kyc.getPersonal(currentAuth(request).user.id),
  );

  app.post(
    apiPaths.saveDraftPersonal,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Save part of the KYC form (multipart; optional profilePicture)',
        consumes: ['multipart/form-data'],
        response: { 200: personalInfoResponseSchema },
      },
    },
    async (request) => {
      const form = await readMultipart(request, ['profilePicture']);
      const draft = kycDraftSchema.safeParse(form.fields);
      if (!draft.success)
        throw badRequest(draft.error.issues[0]?.message ?? 'Invalid form.', {
          issues: draft.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        });
      return kyc.saveDraft(currentAuth(request).user.id, draft.data, form.files.profilePicture);
    },
  );

  app.post(
    apiPaths.personalInfo,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Submit the whole KYC form (JSON or multipart)',
        response: { 200: personalInfoResponseSchema },
      },
    },
    async (request) => {
      const input = request.isMultipart() ? (await readMultipart(request, [])).fields : request.body;
      return kyc.submitPersonal(currentAuth(request).user.id, input);
    },
  );

  app.get(
    apiPaths.isVerify,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Whether the caller is verified and may (re)submit',
        response: { 200: isVerifyResponseSchema },
      },
    },
    async (request) => kyc.isVerify(currentAuth(request).user.id),
  );

  app.post(
    apiPaths.updatePicture,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Replace the profile picture (multipart field profilePicture)',
        consumes: ['multipart/form-data'],
        response: { 200: pictureResponseSchema },
      },
    },
    async (request) => {
      const form = await readMultipart(request, ['profilePicture']);
      const picture = form.files.profilePicture;
      if (!picture) throw badRequest('Choose a picture to upload (field profilePicture).');
      return kyc.updatePicture(currentAuth(request).user.id, picture);
    },
  );
};

/** The provider's webhook: raw bytes are kept, because the signature covers exactly them. */
export const kycWebhookRoutes: FastifyPluginAsync<{ kyc: KycService }> = async (app, { kyc }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    apiPaths.kycWebhook,
    { schema: { tags: ['kyc'], summary: 'Identity-provider webhook (X-Payload-Digest signed)', hide: false } },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : undefined;
      if (!raw) throw badRequest('The webhook body must be JSON.');
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const result = await kyc.handleWebhook(raw, header('x-payload-digest'), header('x-payload-digest-alg'));
      return reply.status(200).send({ ok: true, outcome: result.outcome });
    },
  );
};
