import {
  GES_AGREEMENT_FILE_MAX_BYTES,
  GES_AGREEMENT_FILE_TYPES,
  GES_GROUP_TERMS,
  GES_MAX_DUE_DAY,
  fromUnits,
  toUnits,
  unsafeTextReason,
  type GesGroupTerm,
} from '@qmgt/contracts';
import { MICROGRAMS, gaePrice, valueOf } from '../gae/index.js';

/*
 * Group savings rules, pure: no clock, no database. Units as in gae.rules.ts: USDT in 1e-18,
 * grams in micrograms, prices in USDT per gram x 1e18. Days are "YYYY-MM-DD" (UTC).
 */

export class GesRuleError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** The smallest monthly instalment a group can ask. */
export const GES_MIN_INSTALMENT = toUnits('10', 'USDT');

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day, else null ("2026-02-30" is not one). */
export function parseDay(day: string): { year: number; month: number; day: number } | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, d));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== d) return null;
  return { year, month, day: d };
}

/** The due day of instalment `seq` (1-based): the start day, `seq - 1` months on. Days 1-28 exist in every month. */
export function dueOn(startDate: string, seq: number): string {
  const start = parseDay(startDate);
  if (!start) throw new Error(`not a day: ${startDate}`);
  return new Date(Date.UTC(start.year, start.month - 1 + seq - 1, start.day)).toISOString().slice(0, 10);
}

/** The last instalment's due day. */
export const maturityDate = (startDate: string, termMonths: number) => dueOn(startDate, termMonths);

/** A group's start: a real day, 1-28 of its month, not in the past. */
export function checkStartDate(startDate: string, today: string): void {
  const start = parseDay(startDate);
  if (!start) throw new GesRuleError('startDate is not a calendar day.', 'startDate');
  if (start.day > GES_MAX_DUE_DAY)
    throw new GesRuleError(
      `Instalments fall on the start day each month: choose a day from 1 to ${GES_MAX_DUE_DAY}.`,
      'startDate',
    );
  if (startDate < today) throw new GesRuleError('The start date cannot be in the past.', 'startDate');
}

export function checkInstalment(amountUsdt: bigint): void {
  if (amountUsdt < GES_MIN_INSTALMENT)
    throw new GesRuleError('The monthly instalment must be at least 10 USDT.', 'instalmentUsdt');
}

/** A group's terms as the operator sets them; the instalment in USDT units (1e-18). */
export interface GroupTerms {
  name: string;
  instalmentUsdt: bigint;
  termMonths: number;
  memberCap: number;
  startDate: string;
  bonusInstalments: number;
}

export interface TermChange<K extends GesGroupTerm = GesGroupTerm> {
  term: K;
  from: GroupTerms[K];
  to: GroupTerms[K];
}

/** The terms `wanted` changes, in the contract's order; a term given with its current value is no change. */
export function termChanges(current: GroupTerms, wanted: Partial<GroupTerms>): TermChange[] {
  return GES_GROUP_TERMS.flatMap((term) => {
    const to = wanted[term];
    return to === undefined || to === current[term] ? [] : [{ term, from: current[term], to } as TermChange];
  });
}

/** The changes as the audit log records them: each term with its old and new value (USDT as a decimal). */
export function describeTermChanges(changes: readonly TermChange[]): string {
  const shown = (term: GesGroupTerm, value: GroupTerms[GesGroupTerm]) =>
    term === 'instalmentUsdt'
      ? `${fromUnits(value as bigint, 'USDT')} USDT`
      : term === 'name'
        ? JSON.stringify(value)
        : String(value);
  return changes.map((c) => `${c.term} ${shown(c.term, c.from)} -> ${shown(c.term, c.to)}`).join('; ');
}

export interface InstalmentFigures {
  amountUsdt: bigint;
  grams: bigint;
  /** USDT per gram paid: spot x 1.03, as a GAE purchase. */
  price: bigint;
  /** The markup: what was paid beyond the grams' value at spot. */
  fee: bigint;
}

/** What an instalment buys at `spot`: grams = USDT / (spot x 1.03), rounded down to the microgram. */
export function instalmentFigures(amountUsdt: bigint, spot: bigint): InstalmentFigures {
  if (spot <= 0n) throw new GesRuleError('No gold price is available.', 'amountUsdt');
  const price = gaePrice(spot);
  const grams = (amountUsdt * MICROGRAMS) / price;
  if (grams <= 0n) throw new GesRuleError("The instalment buys no gold at today's price.", 'amountUsdt');
  return { amountUsdt, grams, price, fee: amountUsdt - valueOf(grams, spot) };
}

/**
 * What the member holds at maturity if every remaining instalment is paid at today's price, and
 * how many instalments will have been paid: the passbook's "projected" is these grams plus their
 * maturity bonus, which only the SQL computes (ges_bonus_grams.sql, what ges_close pays).
 */
export function projectedHolding(input: {
  heldGrams: bigint;
  paidCount: number;
  remaining: number;
  gramsPerInstalmentToday: bigint;
}): { grams: bigint; paidCount: number } {
  return {
    grams: input.heldGrams + input.gramsPerInstalmentToday * BigInt(input.remaining),
    paidCount: input.paidCount + input.remaining,
  };
}

export interface PassbookRow {
  seq: number;
  status: 'paid' | 'missed';
  grams: bigint | null;
}

/** Running grams after each line. */
export function runningGrams(rows: readonly PassbookRow[]): bigint[] {
  let total = 0n;
  return rows.map((row) => (total += row.status === 'paid' ? (row.grams ?? 0n) : 0n));
}

/** Why an uploaded agreement file is refused, with the status that says so. */
export class AgreementFileError extends Error {
  constructor(
    message: string,
    readonly status: 413 | 415 | 422,
  ) {
    super(message);
  }
}

/** The most characters an agreement holds, pasted or uploaded (as gesAgreementInputSchema). */
export const AGREEMENT_MAX_CHARS = 50_000;
const TEXT_FILE_NAME = /\.(md|markdown|txt)$/i;

/**
 * The agreement text of an uploaded file, exactly as it will be stored and hashed: UTF-8
 * (a byte-order mark is not text, so it is dropped), nothing trimmed or re-encoded. A file is
 * taken when it says it is text or Markdown, or is an untyped upload named .md or .txt (some
 * browsers send no type for Markdown), and its bytes are text indeed.
 */
export function agreementText(bytes: Uint8Array, declared: { mimetype: string; filename: string }): string {
  if (bytes.length > GES_AGREEMENT_FILE_MAX_BYTES)
    throw new AgreementFileError(`The agreement file is larger than ${GES_AGREEMENT_FILE_MAX_BYTES / 1000} KB.`, 413);
  const type = declared.mimetype.split(';')[0]!.trim().toLowerCase();
  const textType =
    (GES_AGREEMENT_FILE_TYPES as readonly string[]).includes(type) ||
    type === 'text/x-markdown' ||
    (type === 'application/octet-stream' && TEXT_FILE_NAME.test(declared.filename));
  if (!textType) throw new AgreementFileError('Upload the agreement as a text or Markdown file (.md or .txt).', 415);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AgreementFileError('The agreement file is not UTF-8 text.', 415);
  }
  if (unsafeTextReason(text, { multiline: true }))
    throw new AgreementFileError('The agreement file is not plain text: it holds control characters.', 415);
  if (text.trim() === '') throw new AgreementFileError('The agreement file is empty.', 422);
  if (text.length > AGREEMENT_MAX_CHARS)
    throw new AgreementFileError(
      `The agreement holds more than ${AGREEMENT_MAX_CHARS.toLocaleString('en')} characters.`,
      422,
    );
  return text;
}
