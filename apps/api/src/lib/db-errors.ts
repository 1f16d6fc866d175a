/**
 * The PostgreSQL error behind a failed query: drizzle wraps the driver's error, and both pg and
 * PGlite carry `code` and `constraint` on it.
 */
export function pgError(error: unknown): { code: string; constraint: string } | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return { code, constraint: typeof constraint === 'string' ? constraint : '' };
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const CHECK_VIOLATION = '23514';
