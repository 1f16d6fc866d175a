import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { CursorKey } from '@qmgt/contracts';

/*
 * Keyset paging on (timestamp, id), newest first, for every list (CONVENTIONS.md). The cursor
 * carries the timestamp as PostgreSQL keeps it, to the microsecond: a JS Date would cut it to
 * milliseconds, and rows created within the same millisecond would be skipped or repeated.
 */

/** The column as the cursor's text (UTC, microseconds), read beside the row. */
export const keyText = (column: AnyColumn | SQL) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Rows strictly after the cursor in (at DESC, id DESC) order. A row-value comparison, so an
 * index on (..., at, id) serves it as one range scan.
 */
export const olderThan = (at: AnyColumn | SQL, id: AnyColumn | SQL, cursor: CursorKey | undefined) =>
  cursor ? sql`(${at}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;

/** Rows strictly after the cursor in (at ASC, id ASC) order (a queue served oldest first). */
export const newerThan = (at: AnyColumn | SQL, id: AnyColumn | SQL, cursor: CursorKey | undefined) =>
  cursor ? sql`(${at}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;
