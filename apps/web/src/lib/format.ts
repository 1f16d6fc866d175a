import { paths } from '@/config/paths';

/**
 * A wallet address cut to its first `head` and last `tail` characters (SPEC.md section 9:
 * 6+4 in the profile menu, 3+4 on the wallet button). Short input is returned whole.
 */
export function shortenAddress(address: string, head: number, tail: number): string {
  if (address.length <= head + tail) return address;
  return `${address.slice(0, head)}...${address.slice(-tail)}`;
}

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO timestamp in the reader's locale; unparseable input is shown as it came. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * A day in the reader's locale: an ISO timestamp or a "YYYY-MM-DD" day (read as UTC, the
 * server's calendar, so that 2026-12-05 never shows as the 4th west of Greenwich).
 */
export function formatDate(isoOrDay: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(isoOrDay) ? `${isoOrDay}T00:00:00Z` : isoOrDay);
  return Number.isNaN(date.getTime()) ? isoOrDay : dateFormat.format(date);
}

/** A noun in both its forms, for a count of rows: `{ one: 'USDAU request', other: 'USDAU requests' }`. */
export type Noun = { one: string; other: string };

/** A count with its noun in the form that count takes: '1 USDAU request', '2 USDAU requests'. */
export function countOf(count: number, noun: Noun): string {
  return `${count} ${count === 1 ? noun.one : noun.other}`;
}

/** The referral link of SPEC.md section 2: site origin + /register?ref= + code. */
export function referralLink(origin: string, refCode: string): string {
  return `${origin}${paths.register.to(refCode)}`;
}
