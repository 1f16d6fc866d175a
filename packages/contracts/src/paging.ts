import { z } from 'zod';

/*
 * Pages by key (CONVENTIONS.md: every list pages by a cursor). A cursor is the sort key of the
 * last row a page showed, base64url-encoded so clients treat it as opaque: the next page is
 * "rows after this key", an index range scan whose cost is the page, never the rows before it,
 * and stable while new rows arrive (they sort before the key, not into the next page).
 */

/** The sort key a cursor carries: a timestamp at microsecond precision (as PostgreSQL keeps it), an id, and for lists sorted by level first, the level. */
export interface CursorKey {
  at: string;
  id: string;
  level?: number;
}

/*
 * Layout: 24 bytes, base64url (32 characters). Bytes 0-7, big-endian: the level in bits 60-61,
 * the timestamp in microseconds since 1970 in bits 0-56 (to the year 6536, which ISO strings
 * and PostgreSQL both read; bits 57-59 and 62-63 zero); bytes 8-23: the id. Every string of the stated pattern is then some position in
 * a list (harmless: every list also filters by its owner), and every other string is refused as
 * malformed, as the OpenAPI document says: nothing a client sends can reach the database as a
 * value it would reject. Microseconds matter: a key cut to milliseconds would skip or repeat
 * rows created within one.
 */
export const CURSOR_PATTERN = '^[AEIM][A-Za-f][A-Za-z0-9_-]{30}$';
const CURSOR_RE = new RegExp(CURSOR_PATTERN);
const CURSOR_MESSAGE = 'cursor is not one this list gave out: start again from the first page';
const MICROS_MAX = (1n << 57n) - 1n;
const AT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?Z$/;

function microsOf(at: string): bigint {
  const match = AT.exec(at);
  const seconds = match ? Date.parse(`${match[1]}Z`) : Number.NaN;
  if (!match || Number.isNaN(seconds)) throw new Error(`not a cursor timestamp: ${at}`);
  return BigInt(seconds) * 1000n + BigInt((match[2] ?? '').padEnd(6, '0'));
}

function atOf(micros: bigint): string {
  const whole = new Date(Number(micros / 1_000_000n) * 1000).toISOString().slice(0, 19);
  return `${whole}.${(micros % 1_000_000n).toString().padStart(6, '0')}Z`;
}

export function encodeCursor(key: CursorKey): string {
  const micros = microsOf(key.at);
  if (micros < 0n || micros > MICROS_MAX) throw new Error(`cursor timestamp out of range: ${key.at}`);
  const head = (BigInt(key.level ?? 0) << 60n) | micros;
  const hex = head.toString(16).padStart(16, '0') + key.id.replaceAll('-', '').toLowerCase();
  let bytes = '';
  for (let i = 0; i < hex.length; i += 2) bytes += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return btoa(bytes).replaceAll('+', '-').replaceAll('/', '_');
}

/** The key inside a cursor, or undefined for a string that is not one (wrong length or alphabet). */
export function decodeCursor(value: string): CursorKey | undefined {
  if (!CURSOR_RE.test(value)) return undefined;
  const bytes = atob(value.replaceAll('-', '+').replaceAll('_', '/'));
  let hex = '';
  for (let i = 0; i < bytes.length; i++) hex += bytes.charCodeAt(i).toString(16).padStart(2, '0');
  const head = BigInt(`0x${hex.slice(0, 16)}`);
  const level = Number(head >> 60n);
  const id = `${hex.slice(16, 24)}-${hex.slice(24, 28)}-${hex.slice(28, 32)}-${hex.slice(32, 36)}-${hex.slice(36, 48)}`;
  const at = atOf(head & MICROS_MAX);
  return level === 0 ? { at, id } : { at, id, level };
}

/** A `cursor` query parameter: decoded to its key, or a 400 naming the parameter. */
export const cursorSchema = z
  .string()
  .regex(CURSOR_RE, CURSOR_MESSAGE)
  .meta({ description: 'The nextCursor of the previous page, as given. Any other value is refused (400).' })
  .transform((value) => decodeCursor(value)!);

export const pageSizeSchema = (fallback = 20) =>
  z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize is at least 1')
    .max(100, 'pageSize is at most 100')
    .default(fallback);

/**
 * `page` (1-based) where a list had it before cursors: kept so old links and callers work, but
 * it costs the rows skipped, so it stops at 500 pages; the screens follow `nextCursor`. With a
 * cursor, the cursor decides and `page` is ignored.
 */
export const legacyPageSchema = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page starts at 1')
  .max(500, 'page is at most 500: follow nextCursor for older rows')
  .optional();

/** What every paged answer adds to its rows: where the next page starts, null on the last one. */
export const pageInfoShape = { nextCursor: z.string().nullable() };

/**
 * Cuts a keyset page from rows read with `LIMIT pageSize + 1`: the extra row says whether
 * another page follows, so nothing is counted.
 */
export function cutPage<Row>(rows: readonly Row[], pageSize: number, keyOf: (row: Row) => CursorKey) {
  const items = rows.slice(0, pageSize);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > pageSize && last ? encodeCursor(keyOf(last)) : null };
}
