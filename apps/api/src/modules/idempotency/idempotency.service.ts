import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';

/** A key a client may choose: 1-100 characters, no spaces. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,100}$/;
/* A request that died mid-way (process killed) leaves a running record; after this long it is let go. */
const ABANDONED_AFTER_MS = 5 * 60_000;

export interface IdempotentResult<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/** Canonical JSON: key order does not make two equal bodies differ. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(scope: string, body: unknown): string {
  return createHash('sha256')
    .update(`${scope}\n${canonical(body)}`)
    .digest('hex');
}

/**
 * Runs a money-moving call at most once per (user, Idempotency-Key). The same key with the
 * same body answers the first answer again (a refusal included); with another body 422; while
 * the first is still running 409. A failure on our side (5xx) forgets the key so a retry runs.
 */
export function createIdempotencyService(db: Db) {
  return {
    async run<T>(
      params: { userId: string; key: string | undefined; scope: string; body: unknown },
      execute: () => Promise<{ status: number; body: T }>,
    ): Promise<IdempotentResult<T>> {
      const { userId, key, scope } = params;
      if (!key) throw badRequest('An Idempotency-Key header is required for this request.');
      if (!IDEMPOTENCY_KEY.test(key)) throw badRequest('The Idempotency-Key must be 1-100 letters, digits or _ . : -');
      const hash = requestHash(scope, params.body);

      await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            eq(idempotencyKeys.state, 'running'),
            lt(idempotencyKeys.createdAt, new Date(Date.now() - ABANDONED_AFTER_MS)),
          ),
        );
      const [claimed] = await db
        .insert(idempotencyKeys)
        .values({ userId, key, scope, requestHash: hash, state: 'running' })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });

      if (!claimed) {
        const [existing] = await db
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
          .limit(1);
        if (!existing)
          throw conflict('A request with this Idempotency-Key is still being processed. Try again in a moment.');
        if (existing.requestHash !== hash) {
          throw new AppError(
            422,
            'UnprocessableError',
            'This Idempotency-Key was already used for a different request.',
          );
        }
        if (existing.state !== 'done')
          throw conflict('A request with this Idempotency-Key is still being processed. Try again in a moment.');
        return { status: existing.responseStatus ?? 200, body: existing.responseBody as T, replayed: true };
      }

      const remember = async (status: number, body: unknown) => {
        await db
          .update(idempotencyKeys)
          .set({
            state: 'done',
            responseStatus: status,
            responseBody: sql`${JSON.stringify(body)}::jsonb`,
            completedAt: new Date(),
          })
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      };
      try {
        const result = await execute();
        await remember(result.status, result.body);
        return { ...result, replayed: false };
      } catch (error) {
        if (error instanceof AppError && error.status < 500) {
          await remember(error.status, {
            error: { status: error.status, name: error.errorName, message: error.message, details: error.details },
          });
          throw error;
        }
        await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
        throw error;
      }
    },
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
