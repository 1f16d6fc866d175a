import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  emptyKycForm,
  kycFormSchema,
  reviewAnswerSchema,
  reviewRejectTypeSchema,
  text,
  KYC_FORM_FIELDS,
  cutPage,
  type AdminApplicant,
  type AdminApplicantsQuery,
  type ApplicantData,
  type ApplicantStatus,
  type IsVerifyResponse,
  type KycDraft,
  type KycFormField,
  type OperatorReviewRequest,
  type PersonalInfoResponse,
} from '@qmgt/contracts';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, conflict, invalidInput, notFound } from '../../lib/errors.js';
import type { IdentityProvider } from '../../adapters/kyc/port.js';
import { ProviderError } from '../../adapters/kyc/port.js';
import type { SandboxProvider } from '../../adapters/kyc/sandbox.js';
import type { TokenSigner } from '../../adapters/kyc/tokens.js';
import { verifyPayloadDigest } from '../../adapters/kyc/webhook-signature.js';
import type { FilesService } from '../files/index.js';
import { usersService } from '../users/index.js';
import {
  canResubmit,
  fillFromDocument,
  isStale,
  kycStatusFor,
  parseEventTime,
  reviewAfterEvent,
  type ApplicantReview,
} from './kyc.rules.js';
import {
  findApplicantById,
  findApplicantByUser,
  findPersonalInfo,
  personalForms,
  applicantsPage,
  lockApplicantForEvent,
  recordWebhookEvent,
  reviewDecisions,
  savePersonalInfo,
  setWebhookOutcome,
  updateApplicant,
  upsertApplicant,
  type ApplicantRow,
} from './kyc.repository.js';

/**
 * A webhook's body arrives as signed raw bytes, past the API's text net: its strings get the
 * same rules here, so a provider's NUL cannot reach the database (and be retried forever).
 */
export const webhookPayloadSchema = z.object({
  type: text(100).min(1),
  applicantId: text(100).optional(),
  externalUserId: text(100).optional(),
  reviewStatus: text(40).optional(),
  createdAtMs: z.union([text(40), z.number()]).optional(),
  reviewResult: z
    .object({
      reviewAnswer: reviewAnswerSchema,
      reviewRejectType: reviewRejectTypeSchema.optional(),
      rejectLabels: z.array(text(100)).max(50).optional(),
      moderationComment: text(2000, { multiline: true }).optional(),
    })
    .optional(),
});

const isKycFormField = (field: string): field is KycFormField => (KYC_FORM_FIELDS as readonly string[]).includes(field);

export interface KycDeps {
  db: Db;
  provider: IdentityProvider;
  sandbox: SandboxProvider | undefined;
  files: FilesService;
  handoffTokens: TokenSigner;
  webhookSecret: string;
  /** Whether a session is still live: hand-off tokens end with the session that made them. */
  sessionIsLive: (sessionId: string) => Promise<boolean>;
}

/** Whose verification a call acts on, and under which of our sessions (directly or through a hand-off). */
export interface KycSubject {
  userId: string;
  sessionId: string;
}

function reviewOf(row: ApplicantRow): ApplicantReview {
  return {
    reviewStatus: row.reviewStatus,
    reviewAnswer: (row.reviewAnswer as ApplicantReview['reviewAnswer']) ?? null,
    reviewRejectType: (row.reviewRejectType as ApplicantReview['reviewRejectType']) ?? null,
    rejectLabels: row.rejectLabels,
    moderationComment: row.moderationComment,
  };
}

/** The identity the customer declared, as the reviewer compares it with the document. */
function declaredIdentity(form: Record<string, string>): NonNullable<AdminApplicant['declared']> {
  const field = (name: string) => form[name] ?? '';
  return {
    firstName: field('firstName'),
    middleName: field('middleName'),
    lastName: field('lastName'),
    dateOfBirth: field('dateOfBirth'),
    idType: field('idType'),
    idNumber: field('idNumber'),
  };
}

export function createKycService(deps: KycDeps) {
  const { db, provider } = deps;

  async function userOrThrow(userId: string) {
    const user = await usersService.findById(db, userId);
    if (!user) throw notFound('No such user.');
    return user;
  }

  async function ensureApplicant(userId: string): Promise<ApplicantRow> {
    const existing = await findApplicantByUser(db, userId);
    if (existing) return existing;
    const remote = await provider.ensureApplicant(userId);
    return upsertApplicant(db, {
      userId,
      provider: provider.kind,
      providerApplicantId: remote.id,
      levelName: remote.levelName,
    });
  }

  async function personalInfoView(userId: string): Promise<PersonalInfoResponse> {
    const info = await findPersonalInfo(db, userId);
    const picture = info?.profilePictureId ? await deps.files.findById(info.profilePictureId) : undefined;
    return {
      form: { ...emptyKycForm(), ...(info?.form ?? {}) },
      currentStep: info?.currentStep ?? 0,
      submittedAt: info?.submittedAt?.toISOString() ?? null,
      profileLink: picture ? deps.files.publicLink(picture) : null,
      fromDocument: (info?.documentFields ?? []).filter(isKycFormField),
    };
  }

  return {
    /**
     * The user a hand-off token was issued for, and the session that issued it; 401 when the
     * token is invalid or expired, or that session has ended (signed out, password changed).
     */
    async userFromHandoff(uid: string): Promise<KycSubject> {
      const claims = await deps.handoffTokens.verify(uid);
      if (!claims || !(await deps.sessionIsLive(claims.sessionId)))
        throw new AppError(
          401,
          'UnauthorizedError',
          'This verification link has expired. Open it again from your signed-in device.',
        );
      return { userId: claims.subject, sessionId: claims.sessionId };
    },

    async handoff(subject: KycSubject) {
      const { token, expiresAt } = await deps.handoffTokens.sign(subject.userId, subject.sessionId);
      return { uid: token, expiresAt: expiresAt.toISOString() };
    },

    async accessToken(subject: KycSubject) {
      const { userId, sessionId } = subject;
      try {
        await ensureApplicant(userId);
        const { token } = await provider.createAccessToken(userId, { sessionId });
        return { token, userId, provider: provider.kind, levelName: provider.levelName };
      } catch (error) {
        if (error instanceof ProviderError) {
          throw new AppError(
            502,
            'ApplicationError',
            'The identity verification service is not available right now. Please try again in a minute.',
          );
        }
        throw error;
      }
    },

    /** The provider's review, asked live; null when the provider cannot be reached (SPEC.md). */
    async status(userId: string): Promise<ApplicantStatus> {
      const user = await userOrThrow(userId);
      const applicant = await findApplicantByUser(db, userId);
      if (!applicant) return { reviewStatus: 'init', reviewResult: null, kycVerified: user.kycStatus };
      try {
        const remote = await provider.getApplicant(applicant.providerApplicantId);
        return { reviewStatus: remote.reviewStatus, reviewResult: remote.reviewResult, kycVerified: user.kycStatus };
      } catch (error) {
        if (error instanceof ProviderError) return null;
        throw error;
      }
    },

    async data(userId: string): Promise<ApplicantData> {
      const applicant = await findApplicantByUser(db, userId);
      if (!applicant) return null;
      try {
        const remote = await provider.getApplicant(applicant.providerApplicantId);
        const documents = deps.sandbox ? await deps.sandbox.allDocuments(userId) : [];
        return {
          id: remote.id,
          externalUserId: remote.externalUserId,
          levelName: remote.levelName,
          createdAt: remote.createdAt,
          reviewStatus: remote.reviewStatus,
          reviewResult: remote.reviewResult,
          documents: documents.map((d) => ({
            id: d.id,
            kind: d.kind === 'selfie' ? 'selfie' : 'identity_document',
            createdAt: d.createdAt.toISOString(),
          })),
        };
      } catch (error) {
        if (error instanceof ProviderError) return null;
        throw error;
      }
    },

    /**
     * A provider webhook: signature checked over the raw bytes, recorded once by the digest of
     * those bytes, applied only if newer than what was applied before, all in one transaction
     * holding the applicant's row lock.
     */
    async handleWebhook(
      rawBody: Buffer,
      digest: string | undefined,
      alg: string | undefined,
    ): Promise<{ outcome: string }> {
      if (!verifyPayloadDigest(rawBody, deps.webhookSecret, digest, alg)) {
        throw new AppError(401, 'UnauthorizedError', 'Invalid webhook signature.');
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw badRequest('The webhook body is not valid JSON.');
      }
      const parsed = webhookPayloadSchema.safeParse(json);
      if (!parsed.success)
        throw badRequest('The webhook body is not a known event.', {
          issues: parsed.error.issues.map((i) => i.message),
        });
      const event = parsed.data;
      const eventAt = parseEventTime(event.createdAtMs);
      const bodyDigest = createHash('sha256').update(rawBody).digest('hex');

      return db.transaction(async (tx) => {
        const eventId = await recordWebhookEvent(tx, {
          provider: provider.kind,
          payloadDigest: bodyDigest,
          type: event.type,
          providerApplicantId: event.applicantId ?? null,
          eventCreatedAt: eventAt ?? null,
        });
        if (!eventId) return { outcome: 'duplicate' };
        const finish = async (outcome: string) => {
          await setWebhookOutcome(tx, eventId, outcome);
          return { outcome };
        };

        const applicant = await lockApplicantForEvent(tx, provider.kind, event.applicantId, event.externalUserId);
        if (!applicant) return finish('unknown-applicant');
        const review = reviewAfterEvent(event);
        if (!review) return finish('ignored');
        if (isStale(eventAt, applicant.lastEventAt)) return finish('stale');

        await updateApplicant(tx, applicant.id, { ...review, lastEventAt: eventAt ?? new Date() });
        const user = await usersService.findById(tx, applicant.userId);
        const next = kycStatusFor(review);
        if (user && user.kycStatus !== next) {
          await usersService.update(tx, user.id, { kycStatus: next });
          await audit(tx, {
            action: 'kyc.status_changed',
            subjectId: user.id,
            detail: `${user.kycStatus} -> ${next} (${event.type})`,
          });
        }
        return finish('applied');
      });
    },

    async getPersonal(userId: string): Promise<PersonalInfoResponse> {
      return personalInfoView(userId);
    },

    /** The personal forms of several users in one query (a page of names to show). */
    formsOf: (userIds: readonly string[]) => personalForms(db, userIds),
    /** The names on several customers' KYC forms (first, middle, last), read in one query. */
    async legalNames(userIds: readonly string[]): Promise<Map<string, string>> {
      const forms = await personalForms(db, userIds);
      return new Map(
        [...forms].map(([userId, form]) => [
          userId,
          [form.firstName, form.middleName, form.lastName].filter(Boolean).join(' '),
        ]),
      );
    },

    /** Merges a partial form (and optionally a new picture) into the draft; nothing is required yet. */
    async saveDraft(userId: string, draft: KycDraft, picture: Buffer | undefined): Promise<PersonalInfoResponse> {
      const user = await userOrThrow(userId);
      if (user.kycStatus === 'Verified')
        throw conflict(
          'Your identity is verified: your details can no longer be changed here. Please contact support.',
        );
      const current = await findPersonalInfo(db, userId);
      const form: Record<string, string> = { ...(current?.form ?? {}) };
      for (const field of KYC_FORM_FIELDS) {
        const value = draft[field];
        if (value !== undefined) form[field] = value;
      }
      await db.transaction(async (tx) => {
        const pictureRow = picture ? await deps.files.store(userId, 'profile_picture', picture, tx) : undefined;
        await savePersonalInfo(tx, userId, {
          form,
          ...(draft.currentStep !== undefined ? { currentStep: draft.currentStep } : {}),
          ...(pictureRow ? { profilePictureId: pictureRow.id } : {}),
        });
      });
      return personalInfoView(userId);
    },

    /**
     * What the provider read from the identity document goes into the draft's empty fields
     * (decision 024). A submitted form is the customer's declaration and stays as it is.
     */
    async fillFromDocument(userId: string, reading: Partial<Record<KycFormField, string>>): Promise<void> {
      const current = await findPersonalInfo(db, userId);
      if (current?.submittedAt) return;
      const { form, filled } = fillFromDocument(current?.form ?? {}, reading);
      if (filled.length === 0) return;
      const documentFields = [...new Set([...(current?.documentFields ?? []), ...filled])];
      await savePersonalInfo(db, userId, { form, documentFields });
    },

    /** The whole form, every rule checked: the user's declared identity, kept with the review. */
    async submitPersonal(userId: string, input: unknown): Promise<PersonalInfoResponse> {
      const user = await userOrThrow(userId);
      if (user.kycStatus === 'Verified')
        throw conflict(
          'Your identity is verified: your details can no longer be changed here. Please contact support.',
        );
      const parsed = kycFormSchema.safeParse(input);
      if (!parsed.success)
        throw invalidInput(parsed.error.issues, parsed.error.issues[0]?.message ?? 'The form is not complete.');
      const current = await findPersonalInfo(db, userId);
      const form = { ...emptyKycForm(), ...(current?.form ?? {}), ...parsed.data };
      await savePersonalInfo(db, userId, { form, submittedAt: new Date() });
      await audit(db, { action: 'kyc.personal_info_submitted', subjectId: userId, actorId: userId });
      return personalInfoView(userId);
    },

    async isVerify(userId: string): Promise<IsVerifyResponse> {
      const user = await userOrThrow(userId);
      const [applicant, info] = await Promise.all([findApplicantByUser(db, userId), findPersonalInfo(db, userId)]);
      return {
        kycVerified: user.kycStatus,
        isVerified: user.kycStatus === 'Verified',
        personalInfoSubmitted: Boolean(info?.submittedAt),
        canResubmit: canResubmit(applicant ? reviewOf(applicant) : undefined),
      };
    },

    /** The public address of the user's profile picture, if they uploaded one (consultant pages). */
    async profileLink(userId: string): Promise<string | null> {
      return (await personalInfoView(userId)).profileLink;
    },

    async updatePicture(userId: string, picture: Buffer): Promise<{ profileLink: string }> {
      await userOrThrow(userId);
      const row = await db.transaction(async (tx) => {
        const stored = await deps.files.store(userId, 'profile_picture', picture, tx);
        await savePersonalInfo(tx, userId, { profilePictureId: stored.id });
        return stored;
      });
      return { profileLink: deps.files.publicLink(row) };
    },

    /* ---- back office ---- */

    /**
     * One page of an operator queue. The details of the whole page (documents, their files,
     * decisions, people) are read in one query each for the page, never per applicant: a page
     * costs the same five statements whatever its size.
     */
    async listApplicants(query: AdminApplicantsQuery): Promise<{ data: AdminApplicant[]; nextCursor: string | null }> {
      const page = cutPage(await applicantsPage(db, query, query.pageSize + 1), query.pageSize, (r) => ({
        at: r.key,
        id: r.applicant.id,
      }));
      const rows = page.items;
      const userIds = rows.map((r) => r.applicant.userId);
      const documentsByUser = deps.sandbox ? await deps.sandbox.documentsOf(userIds) : undefined;
      const files = new Map(
        (await deps.files.byIds([...(documentsByUser?.values() ?? [])].flat().map((d) => d.fileId))).map((f) => [
          f.id,
          f,
        ]),
      );
      const decisions = await reviewDecisions(db, userIds);
      const people = await usersService.byIds(db, [
        ...userIds,
        ...decisions.flatMap((d) => (d.actorId ? [d.actorId] : [])),
      ]);
      const result: AdminApplicant[] = [];
      for (const row of rows) {
        const documents = documentsByUser?.get(row.applicant.userId) ?? [];
        const person = people.get(row.applicant.userId);
        const review = reviewOf(row.applicant);
        result.push({
          id: row.applicant.id,
          userId: row.applicant.userId,
          username: person?.username ?? '',
          email: person?.email ?? '',
          provider: row.applicant.provider,
          reviewStatus: review.reviewStatus,
          reviewResult: review.reviewAnswer
            ? {
                reviewAnswer: review.reviewAnswer,
                reviewRejectType: review.reviewRejectType,
                rejectLabels: review.rejectLabels,
                moderationComment: review.moderationComment,
              }
            : null,
          kycVerified: person?.kycStatus ?? 'Not Verified',
          submittedAt: row.submittedAt?.toISOString() ?? null,
          declared: row.submittedAt ? declaredIdentity(row.form ?? {}) : null,
          documents: documents.map((d) => ({
            id: d.id,
            kind: d.kind,
            contentType: files.get(d.fileId)?.contentType ?? 'application/octet-stream',
            size: files.get(d.fileId)?.size ?? 0,
            createdAt: d.createdAt.toISOString(),
          })),
          decisions: decisions
            .filter((d) => d.subjectId === row.applicant.userId)
            .map((d) => ({
              action: d.action,
              detail: d.detail,
              actor: d.actorId ? (people.get(d.actorId)?.username ?? null) : null,
              createdAt: d.createdAt.toISOString(),
            })),
          updatedAt: row.applicant.updatedAt.toISOString(),
        });
      }
      return { data: result, nextCursor: page.nextCursor };
    },

    /** A reviewer's decision on the sandbox provider, with who made it recorded. */
    async review(
      actorId: string | null,
      target: { applicantId?: string; userId?: string },
      decision: OperatorReviewRequest,
    ): Promise<void> {
      if (!deps.sandbox) throw conflict('Reviews happen in the identity provider’s own dashboard.');
      const applicant = target.applicantId
        ? await findApplicantById(db, target.applicantId)
        : await findApplicantByUser(db, target.userId ?? '');
      if (!applicant) throw notFound('No such applicant.');
      await deps.sandbox.review(applicant.userId, decision);
      const detail = [decision.reviewAnswer, decision.reviewRejectType, decision.moderationComment]
        .filter(Boolean)
        .join(' ');
      await audit(db, {
        action: 'kyc.reviewed',
        actorId,
        subjectId: applicant.userId,
        detail: actorId ? detail : `${detail} (sandbox reviewer)`,
      });
    },

    /** An identity document, for an operator only, as a download (never rendered inline). */
    async documentForOperator(applicantId: string, documentId: string) {
      const applicant = await findApplicantById(db, applicantId);
      if (!applicant || !deps.sandbox) throw notFound('No such document.');
      const documents = await deps.sandbox.allDocuments(applicant.userId);
      const document = documents.find((d) => d.id === documentId);
      const file = document ? await deps.files.findById(document.fileId) : undefined;
      if (!file) throw notFound('No such document.');
      return { file, data: await deps.files.read(file) };
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
