import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { ReviewAnswer, ReviewRejectType } from '@qmgt/contracts';
import type { Db } from '../../db/client.js';
import { sandboxKycApplicants, sandboxKycDocuments } from './sandbox.schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { ProviderError, type IdentityProvider, type ProviderApplicant } from './port.js';
import type { TokenSigner } from './tokens.js';
import { payloadDigest } from './webhook-signature.js';

type SandboxApplicantRow = typeof sandboxKycApplicants.$inferSelect;
export type SandboxDocumentKind = 'identity_document' | 'selfie';

export const SANDBOX_WEBHOOK_JOB = 'kyc.sandbox-webhook';

/** Delivers a signed webhook to our own endpoint; throws (so the job retries) unless it got a 2xx. */
export type WebhookDelivery = (rawBody: string, headers: Record<string, string>) => Promise<void>;

/** Sumsub's createdAtMs format: "yyyy-MM-dd HH:mm:ss.SSS" in UTC. */
export function sumsubTimestamp(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

function toProviderApplicant(row: SandboxApplicantRow): ProviderApplicant {
  return {
    id: row.id,
    externalUserId: row.externalUserId,
    levelName: row.levelName,
    createdAt: row.createdAt.toISOString(),
    reviewStatus: row.reviewStatus,
    reviewResult:
      row.reviewStatus === 'completed' && row.reviewAnswer
        ? {
            reviewAnswer: row.reviewAnswer as ReviewAnswer,
            reviewRejectType: (row.reviewRejectType as ReviewRejectType | null) ?? null,
            rejectLabels: row.rejectLabels,
            moderationComment: row.moderationComment,
          }
        : null,
  };
}

export interface SandboxProviderDeps {
  db: Db;
  levelName: string;
  queue: JobQueue;
  accessTokens: TokenSigner;
  webhookSecret: string;
  /** Whether our session that asked for an SDK token is still live: the token ends with it. */
  sessionIsLive: (sessionId: string) => Promise<boolean>;
  now?: () => Date;
}

/**
 * The embedded identity provider. It keeps its own applicant and document records, hands out
 * SDK tokens for its own screen, and reports every change to our webhook endpoint as a signed
 * Sumsub-format payload through the job queue: asynchronous, retried, possibly repeated,
 * exactly the conditions the real provider puts our webhook under.
 */
export function createSandboxProvider(deps: SandboxProviderDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  let deliver: WebhookDelivery | undefined;

  async function findByExternalId(externalUserId: string): Promise<SandboxApplicantRow | undefined> {
    const [row] = await db
      .select()
      .from(sandboxKycApplicants)
      .where(eq(sandboxKycApplicants.externalUserId, externalUserId))
      .limit(1);
    return row;
  }

  async function requireByExternalId(externalUserId: string): Promise<SandboxApplicantRow> {
    const row = await findByExternalId(externalUserId);
    if (!row) throw notFound('There is no verification for this user yet.');
    return row;
  }

  async function sendWebhook(row: SandboxApplicantRow, type: string, at: Date): Promise<void> {
    const applicant = toProviderApplicant(row);
    const payload = {
      applicantId: row.id,
      inspectionId: `insp_${row.id.slice(4)}`,
      correlationId: randomBytes(12).toString('hex'),
      levelName: row.levelName,
      externalUserId: row.externalUserId,
      type,
      sandboxMode: true,
      reviewStatus: row.reviewStatus,
      createdAtMs: sumsubTimestamp(at),
      clientId: 'qmgt-sandbox',
      ...(applicant.reviewResult
        ? {
            reviewResult: {
              reviewAnswer: applicant.reviewResult.reviewAnswer,
              rejectLabels: applicant.reviewResult.rejectLabels,
              ...(applicant.reviewResult.reviewRejectType
                ? { reviewRejectType: applicant.reviewResult.reviewRejectType }
                : {}),
              ...(applicant.reviewResult.moderationComment
                ? { moderationComment: applicant.reviewResult.moderationComment }
                : {}),
            },
          }
        : {}),
    };
    await deps.queue.send(SANDBOX_WEBHOOK_JOB, { body: JSON.stringify(payload) });
  }

  /** Documents uploaded since the last review: what the next submission is made of. */
  async function currentDocuments(row: SandboxApplicantRow) {
    return db
      .select()
      .from(sandboxKycDocuments)
      .where(
        and(
          eq(sandboxKycDocuments.applicantId, row.id),
          row.reviewedAt ? gt(sandboxKycDocuments.createdAt, row.reviewedAt) : undefined,
        ),
      )
      .orderBy(asc(sandboxKycDocuments.createdAt));
  }

  const provider: IdentityProvider = {
    kind: 'sandbox',
    levelName: deps.levelName,
    async ensureApplicant(externalUserId) {
      const existing = await findByExternalId(externalUserId);
      if (existing) return toProviderApplicant(existing);
      const id = `sbx_${randomBytes(12).toString('hex')}`;
      await db
        .insert(sandboxKycApplicants)
        .values({ id, externalUserId, levelName: deps.levelName, createdAt: now() })
        .onConflictDoNothing();
      return toProviderApplicant(await requireByExternalId(externalUserId));
    },
    async createAccessToken(externalUserId, context) {
      await requireByExternalId(externalUserId);
      const { token } = await deps.accessTokens.sign(externalUserId, context.sessionId);
      return { token, userId: externalUserId };
    },
    async getApplicant(applicantId) {
      const [row] = await db
        .select()
        .from(sandboxKycApplicants)
        .where(eq(sandboxKycApplicants.id, applicantId))
        .limit(1);
      if (!row) throw new ProviderError('Applicant not found', 404);
      return toProviderApplicant(row);
    },
  };

  return {
    provider,

    /** Wires delivery to our own webhook endpoint and registers the delivery worker. */
    async start(delivery: WebhookDelivery): Promise<void> {
      deliver = delivery;
      await deps.queue.register<{ body: string }>(SANDBOX_WEBHOOK_JOB, async ({ body }) => {
        if (!deliver) throw new Error('sandbox webhook delivery is not wired');
        await deliver(body, {
          'content-type': 'application/json',
          'x-payload-digest': payloadDigest(body, deps.webhookSecret, 'HMAC_SHA256_HEX'),
          'x-payload-digest-alg': 'HMAC_SHA256_HEX',
        });
      });
    },

    /** The external user id an SDK token was issued for, while the session behind it lives; otherwise a 401. */
    async authenticateSdkToken(token: string | undefined): Promise<string> {
      const claims = token && token.length <= 4096 ? await deps.accessTokens.verify(token) : undefined;
      if (!claims || !(await deps.sessionIsLive(claims.sessionId)))
        throw new AppError(401, 'UnauthorizedError', 'The verification session has expired. Please start again.');
      return claims.subject;
    },

    async state(externalUserId: string) {
      const row = await requireByExternalId(externalUserId);
      const documents = await currentDocuments(row);
      return { applicant: toProviderApplicant(row), documents };
    },

    /** The documents of several applicants (an operator's page) in one query, by applicant. */
    async documentsOf(externalUserIds: readonly string[]) {
      const byUser = new Map<string, (typeof sandboxKycDocuments.$inferSelect)[]>();
      if (externalUserIds.length === 0) return byUser;
      const rows = await db
        .select({ externalUserId: sandboxKycApplicants.externalUserId, document: sandboxKycDocuments })
        .from(sandboxKycDocuments)
        .innerJoin(sandboxKycApplicants, eq(sandboxKycApplicants.id, sandboxKycDocuments.applicantId))
        .where(inArray(sandboxKycApplicants.externalUserId, [...externalUserIds]))
        .orderBy(asc(sandboxKycDocuments.createdAt), asc(sandboxKycDocuments.id));
      for (const { externalUserId, document } of rows) {
        byUser.set(externalUserId, [...(byUser.get(externalUserId) ?? []), document]);
      }
      return byUser;
    },

    async allDocuments(externalUserId: string) {
      const row = await findByExternalId(externalUserId);
      if (!row) return [];
      return db
        .select()
        .from(sandboxKycDocuments)
        .where(eq(sandboxKycDocuments.applicantId, row.id))
        .orderBy(asc(sandboxKycDocuments.createdAt));
    },

    async addDocument(externalUserId: string, kind: SandboxDocumentKind, fileId: string): Promise<void> {
      const row = await requireByExternalId(externalUserId);
      assertMaySubmit(row);
      await db.insert(sandboxKycDocuments).values({ applicantId: row.id, fileId, kind, createdAt: now() });
    },

    /** The applicant sends their documents for review: pending, and the webhook says so. */
    async submit(externalUserId: string): Promise<ProviderApplicant> {
      const row = await requireByExternalId(externalUserId);
      assertMaySubmit(row);
      const documents = await currentDocuments(row);
      if (!documents.some((d) => d.kind === 'identity_document') || !documents.some((d) => d.kind === 'selfie')) {
        // The request itself is well-formed: what is missing is earlier uploads.
        throw conflict('Upload a photo of your identity document and a selfie first.');
      }
      const at = now();
      const [updated] = await db
        .update(sandboxKycApplicants)
        .set({ reviewStatus: 'pending', submittedAt: at })
        .where(eq(sandboxKycApplicants.id, row.id))
        .returning();
      if (!updated) throw notFound();
      await sendWebhook(updated, 'applicantPending', at);
      return toProviderApplicant(updated);
    },

    /** The reviewer's decision (operator screen or /api/dev/kyc/review). */
    async review(
      externalUserId: string,
      decision: {
        reviewAnswer: ReviewAnswer;
        reviewRejectType?: ReviewRejectType | undefined;
        moderationComment?: string | undefined;
      },
    ): Promise<ProviderApplicant> {
      const row = await requireByExternalId(externalUserId);
      if (row.reviewStatus === 'init') throw conflict('This applicant has not submitted documents yet.');
      const at = now();
      const red = decision.reviewAnswer === 'RED';
      const [updated] = await db
        .update(sandboxKycApplicants)
        .set({
          reviewStatus: 'completed',
          reviewAnswer: decision.reviewAnswer,
          reviewRejectType: red ? (decision.reviewRejectType ?? 'RETRY') : null,
          rejectLabels: red ? ['DOCUMENT_DAMAGED'] : [],
          moderationComment: decision.moderationComment ?? null,
          reviewedAt: at,
        })
        .where(eq(sandboxKycApplicants.id, row.id))
        .returning();
      if (!updated) throw notFound();
      await sendWebhook(updated, 'applicantReviewed', at);
      return toProviderApplicant(updated);
    },
  };

  function assertMaySubmit(row: SandboxApplicantRow) {
    if (row.reviewStatus === 'pending')
      throw conflict('Your documents are being reviewed. You will hear from us soon.');
    if (row.reviewStatus === 'completed' && row.reviewAnswer === 'GREEN')
      throw conflict('Your identity is already verified.');
    if (row.reviewStatus === 'completed' && row.reviewRejectType === 'FINAL') {
      throw forbidden('Your verification was rejected and cannot be retried. Please contact support.');
    }
  }
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
