import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
  kycFormSchema,
  personalInfoResponseSchema,
  pictureResponseSchema,
} from '@qmgt/contracts';
import { routeDeclarer } from '../../lib/routes.js';
import { currentAuth } from '../../plugins/auth.js';
import { authRateLimit } from '../../plugins/rate-limit.js';
import { badRequest, forbidden, invalidInput } from '../../lib/errors.js';
import { readMultipart } from '../../lib/multipart.js';
import type { ManualBody } from '../../plugins/openapi.js';
import { IMAGE_TYPES } from '../files/index.js';
import { webhookPayloadSchema, type KycService, type KycSubject } from './kyc.service.js';
import { DIGEST_ALGORITHMS, type DigestAlgorithm } from '../../adapters/kyc/webhook-signature.js';

const NOT_YOURS = 'You can only act on your own verification.';

/** The multipart forms these handlers read themselves; the OpenAPI document shows the same. */
const draftForm = {
  contentTypes: ['multipart/form-data'],
  fields: kycDraftSchema,
  files: { profilePicture: { required: false, contentTypes: IMAGE_TYPES } },
} satisfies ManualBody;
const pictureForm = {
  contentTypes: ['multipart/form-data'],
  files: { profilePicture: { required: true, contentTypes: IMAGE_TYPES } },
} satisfies ManualBody;

export const kycRoutes: FastifyPluginAsync<{
  kyc: KycService;
  rateLimit: { authMax: number; windowMs: number };
}> = async (fastify, { kyc, rateLimit }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['kyc'];
  const route = routeDeclarer({ tags });
  // The applicant calls take a session or, on a second device, the hand-off token `uid` in the body.
  const sessionOrHandoff: Record<string, string[]>[] = [{ bearer: [] }, {}];

  /**
   * Whose applicant a call is about: the hand-off token's user on a second device, otherwise
   * the signed-in caller, who may name only themself (DESIGN.md section 5).
   */
  async function subject(
    request: FastifyRequest,
    named: string | undefined,
    uid: string | undefined,
  ): Promise<KycSubject> {
    if (uid) {
      const handedOff = await kyc.userFromHandoff(uid);
      if (named && named !== handedOff.userId) throw forbidden(NOT_YOURS);
      return handedOff;
    }
    await app.requireUser(request);
    const auth = currentAuth(request);
    if (named && named !== auth.user.id) throw forbidden(NOT_YOURS);
    return { userId: auth.user.id, sessionId: auth.sessionId };
  }

  app.post(
    apiPaths.applicantAccessToken,
    {
      // 403: another user's id; 502: the identity provider did not answer.
      config: { ...authRateLimit({ ...rateLimit, authMax: rateLimit.authMax * 3 }), errorStatuses: [403, 502] },
      schema: {
        tags,
        security: sessionOrHandoff,
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
      config: { errorStatuses: [403] },
      schema: {
        tags,
        security: sessionOrHandoff,
        summary: "The provider's review of the caller (null when the provider is unreachable)",
        body: applicantRequestSchema,
        response: { 200: applicantStatusSchema },
      },
    },
    async (request) => kyc.status((await subject(request, request.body.userId, request.body.uid)).userId),
  );

  app.post(
    apiPaths.applicantData,
    {
      config: { errorStatuses: [403] },
      schema: {
        tags,
        security: sessionOrHandoff,
        summary: "The caller's applicant at the provider (null on provider error)",
        body: applicantDataRequestSchema,
        response: { 200: applicantDataSchema },
      },
    },
    async (request) => kyc.data((await subject(request, request.body.externalUserId, request.body.uid)).userId),
  );

  app.post(
    apiPaths.applicantHandoff,
    route({
      guard: app.requireUser,
      summary: 'A 15-minute token to continue verification on another device',
      ok: handoffResponseSchema,
    }),
    async (request) => {
      const auth = currentAuth(request);
      return kyc.handoff({ userId: auth.user.id, sessionId: auth.sessionId });
    },
  );

  app.get(
    apiPaths.getPersonal,
    route({
      guard: app.requireUser,
      summary: 'The KYC form as saved, with the profile picture link',
      ok: personalInfoResponseSchema,
    }),
    async (request) => kyc.getPersonal(currentAuth(request).user.id),
  );

  app.post(
    apiPaths.saveDraftPersonal,
    route({
      guard: app.requireUser,
      // 409: a verified identity can no longer be edited.
      config: { manualBody: draftForm, errorStatuses: [409] },
      summary: 'Save part of the KYC form (multipart; optional profilePicture)',
      ok: personalInfoResponseSchema,
    }),
    async (request) => {
      const form = await readMultipart(request, Object.keys(draftForm.files), Object.keys(draftForm.fields.shape));
      const draft = draftForm.fields.safeParse(form.fields);
      if (!draft.success) throw invalidInput(draft.error.issues, draft.error.issues[0]?.message ?? 'Invalid form.');
      return kyc.saveDraft(currentAuth(request).user.id, draft.data, form.files.profilePicture);
    },
  );

  app.post(
    apiPaths.personalInfo,
    route({
      guard: app.requireUser,
      // The service validates with kycFormSchema; 409: a verified identity can no longer be edited.
      config: {
        manualBody: { contentTypes: ['application/json', 'multipart/form-data'], fields: kycFormSchema },
        errorStatuses: [409],
      },
      summary: 'Submit the whole KYC form (JSON or multipart)',
      ok: personalInfoResponseSchema,
    }),
    async (request) => {
      const input = request.isMultipart()
        ? (await readMultipart(request, [], Object.keys(kycFormSchema.shape))).fields
        : request.body;
      return kyc.submitPersonal(currentAuth(request).user.id, input);
    },
  );

  app.get(
    apiPaths.isVerify,
    route({
      guard: app.requireUser,
      summary: 'Whether the caller is verified and may (re)submit',
      ok: isVerifyResponseSchema,
    }),
    async (request) => kyc.isVerify(currentAuth(request).user.id),
  );

  app.post(
    apiPaths.updatePicture,
    route({
      guard: app.requireUser,
      config: { manualBody: pictureForm, errorStatuses: [422] },
      summary: 'Replace the profile picture (multipart field profilePicture)',
      ok: pictureResponseSchema,
    }),
    async (request) => {
      const form = await readMultipart(request, Object.keys(pictureForm.files), []);
      const picture = form.files.profilePicture;
      if (!picture) throw badRequest('Choose a picture to upload (field profilePicture).');
      return kyc.updatePicture(currentAuth(request).user.id, picture);
    },
  );
};

/** The provider's webhook: raw bytes are kept, because the signature covers exactly them. */
export const kycWebhookRoutes: FastifyPluginAsync<{ kyc: KycService }> = async (fastify, { kyc }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    apiPaths.kycWebhook,
    {
      // The signature covers the raw bytes, so the handler reads them; 401: a bad signature.
      config: {
        manualBody: { contentTypes: ['application/json'], fields: webhookPayloadSchema },
        errorStatuses: [401],
      },
      schema: {
        tags: ['kyc'],
        summary: 'Identity-provider webhook (X-Payload-Digest signed)',
        headers: z
          .object({
            'x-payload-digest': z
              .string()
              .max(256)
              .regex(/^[0-9a-fA-F]+$/, 'X-Payload-Digest must be hexadecimal'),
            'x-payload-digest-alg': z.enum(Object.keys(DIGEST_ALGORITHMS) as [DigestAlgorithm, ...DigestAlgorithm[]]),
          })
          .loose(),
        response: { 200: z.object({ ok: z.literal(true), outcome: z.string() }) },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : undefined;
      if (!raw) throw badRequest('The webhook body must be JSON.');
      const { 'x-payload-digest': digest, 'x-payload-digest-alg': alg } = request.headers;
      const result = await kyc.handleWebhook(raw, digest, alg);
      return { ok: true as const, outcome: result.outcome };
    },
  );
};
