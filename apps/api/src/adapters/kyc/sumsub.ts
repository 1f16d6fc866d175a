import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { reviewAnswerSchema, reviewRejectTypeSchema, type ReviewResult } from '@qmgt/contracts';
import { ProviderError, type IdentityProvider, type ProviderApplicant } from './port.js';

export interface SumsubOptions {
  appToken: string;
  secretKey: string;
  baseUrl: string;
  levelName: string;
  timeoutMs: number;
  /** Seconds since the epoch; injectable so the signature can be checked against a known vector. */
  nowSeconds?: () => number;
}

/** X-App-Access-Sig: hex HMAC-SHA256 of ts + METHOD + path-with-query + body. */
export function signSumsubRequest(
  secretKey: string,
  ts: number,
  method: string,
  pathWithQuery: string,
  body = '',
): string {
  return createHmac('sha256', secretKey).update(`${ts}${method.toUpperCase()}${pathWithQuery}${body}`).digest('hex');
}

const sumsubReviewSchema = z
  .object({
    reviewStatus: z.string().default('init'),
    reviewResult: z
      .object({
        reviewAnswer: reviewAnswerSchema,
        reviewRejectType: reviewRejectTypeSchema.optional(),
        rejectLabels: z.array(z.string()).optional(),
        moderationComment: z.string().optional(),
      })
      .optional(),
  })
  .partial();

const sumsubApplicantSchema = z.object({
  id: z.string(),
  externalUserId: z.string(),
  levelName: z.string().optional(),
  createdAt: z.string(),
  review: sumsubReviewSchema.optional(),
});

export function toReviewResult(result: z.infer<typeof sumsubReviewSchema>['reviewResult']): ReviewResult | null {
  if (!result) return null;
  return {
    reviewAnswer: result.reviewAnswer,
    reviewRejectType: result.reviewAnswer === 'RED' ? (result.reviewRejectType ?? 'RETRY') : null,
    rejectLabels: result.rejectLabels ?? [],
    moderationComment: result.moderationComment ?? null,
  };
}

function toApplicant(raw: z.infer<typeof sumsubApplicantSchema>, fallbackLevel: string): ProviderApplicant {
  return {
    id: raw.id,
    externalUserId: raw.externalUserId,
    levelName: raw.levelName ?? fallbackLevel,
    createdAt: raw.createdAt,
    reviewStatus: raw.review?.reviewStatus ?? 'init',
    reviewResult: toReviewResult(raw.review?.reviewResult),
  };
}

/** The real Sumsub REST API (https://docs.sumsub.com/reference/authentication). */
export function createSumsubProvider(options: SumsubOptions): IdentityProvider {
  const now = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));

  async function call<T>(
    method: 'GET' | 'POST',
    pathWithQuery: string,
    schema: z.ZodType<T>,
    body?: unknown,
  ): Promise<T> {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const ts = now();
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}${pathWithQuery}`, {
        method,
        headers: {
          Accept: 'application/json',
          ...(payload ? { 'Content-Type': 'application/json' } : {}),
          'X-App-Token': options.appToken,
          'X-App-Access-Ts': String(ts),
          'X-App-Access-Sig': signSumsubRequest(options.secretKey, ts, method, pathWithQuery, payload),
        },
        body: payload || undefined,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw new ProviderError(
        timedOut ? `Sumsub did not answer within ${options.timeoutMs} ms` : `Sumsub unreachable: ${String(error)}`,
      );
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      throw new ProviderError(`Sumsub answered ${response.status} with a body that is not JSON`, response.status);
    }
    if (!response.ok) {
      const description = (json as { description?: string } | undefined)?.description ?? response.statusText;
      throw new ProviderError(
        `Sumsub ${method} ${pathWithQuery.split('?')[0]} failed: ${response.status} ${description}`,
        response.status,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new ProviderError(
        `Sumsub answered an unexpected shape for ${pathWithQuery.split('?')[0]}`,
        response.status,
      );
    return parsed.data;
  }

  const byExternalId = (externalUserId: string) =>
    `/resources/applicants/-;externalUserId=${encodeURIComponent(externalUserId)}/one`;

  return {
    kind: 'sumsub',
    levelName: options.levelName,
    async ensureApplicant(externalUserId) {
      try {
        return toApplicant(await call('GET', byExternalId(externalUserId), sumsubApplicantSchema), options.levelName);
      } catch (error) {
        if (!(error instanceof ProviderError) || error.status !== 404) throw error;
      }
      const created = await call(
        'POST',
        `/resources/applicants?levelName=${encodeURIComponent(options.levelName)}`,
        sumsubApplicantSchema,
        { externalUserId },
      );
      return toApplicant(created, options.levelName);
    },
    async createAccessToken(externalUserId) {
      return call('POST', '/resources/accessTokens/sdk', z.object({ token: z.string(), userId: z.string() }), {
        userId: externalUserId,
        levelName: options.levelName,
        ttlInSecs: 600,
      });
    },
    async getApplicant(applicantId) {
      return toApplicant(
        await call('GET', `/resources/applicants/${encodeURIComponent(applicantId)}/one`, sumsubApplicantSchema),
        options.levelName,
      );
    },
  };
}
