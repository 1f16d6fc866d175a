import { AUTO_SAVE_MAX_USDT, toUnits, type AutoSaveFrequency } from '@qmgt/contracts';
import { GoldRuleError, dayOf } from './gae.rules.js';

/*
 * The auto-save's calendar and cap, pure: no clock, no database. Days are UTC 'YYYY-MM-DD'
 * strings; amounts are USDT units (1e-18). A period is what buys at most once: a day, an ISO
 * week (Monday to Sunday) or a calendar month, named by its key.
 */

/** When an auto-save buys: every day, on an ISO weekday (1 = Monday ... 7 = Sunday), or on a day 1-28. */
export type AutoSaveSchedule =
  { frequency: 'daily' } | { frequency: 'weekly'; dayOfWeek: number } | { frequency: 'monthly'; dayOfMonth: number };

const DAY_MS = 86_400_000;
const at = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The day `n` days after `day` (before, for a negative n). */
export const addDays = (day: string, n: number) => dayOf(new Date(at(day) + n * DAY_MS));

/** ISO weekday of a day: 1 = Monday ... 7 = Sunday (JavaScript's Sunday is 0). */
export const isoWeekday = (day: string) => new Date(at(day)).getUTCDay() || 7;

/**
 * The ISO week of a day as 'YYYY-Www': weeks start on Monday and belong to the year of their
 * Thursday, so 2026-12-31 (a Thursday) is 2026-W53 and 2027-01-03 (a Sunday) is still 2026-W53.
 */
export function isoWeek(day: string): string {
  const thursday = addDays(day, 4 - isoWeekday(day));
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor((at(thursday) - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The key of the period a due day belongs to: the guard of one purchase per period. */
export function periodKey(frequency: AutoSaveFrequency, day: string): string {
  if (frequency === 'daily') return day;
  if (frequency === 'weekly') return isoWeek(day);
  return day.slice(0, 7);
}

/** The first due day on or after `from`. */
export function firstRunOn(schedule: AutoSaveSchedule, from: string): string {
  if (schedule.frequency === 'daily') return from;
  if (schedule.frequency === 'weekly') return addDays(from, (schedule.dayOfWeek - isoWeekday(from) + 7) % 7);
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  // Day 1-28 exists in every month, so Date.UTC never rolls over into the month after.
  const monthOffset = day <= schedule.dayOfMonth ? 0 : 1;
  return dayOf(new Date(Date.UTC(year, month - 1 + monthOffset, schedule.dayOfMonth)));
}

/**
 * The due day after the run of `dueOn`, done on `today`: the schedule's next day, and never a
 * day already past (a job that was down for a while buys once when it is back, not once per
 * missed period).
 */
export function nextRunAfter(schedule: AutoSaveSchedule, dueOn: string, today: string): string {
  const after = addDays(dueOn > today ? dueOn : today, 1);
  return firstRunOn(schedule, after);
}

/** The calendar month (UTC) a day is in, as the instants [from, to) the cap adds purchases over. */
export function monthOf(day: string): { from: Date; to: Date } {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, month - 1, 1)), to: new Date(Date.UTC(year, month, 1)) };
}

/** Whether a purchase of `amount` keeps this month's auto-save spending within the cap (none: always). */
export function withinCap(spentThisMonth: bigint, amount: bigint, cap: bigint | null): boolean {
  return cap === null || spentThisMonth + amount <= cap;
}

const MAX = toUnits(AUTO_SAVE_MAX_USDT, 'USDT');

/**
 * An amount and a cap a customer may set: more than zero, at most AUTO_SAVE_MAX_USDT, and a
 * cap at least one period's amount (else it would skip every period). Whether the amount buys
 * a gram depends on the day's price (quoteGae).
 */
export function checkAutoSaveAmounts(amount: bigint, cap: bigint | null): void {
  if (amount <= 0n) throw new GoldRuleError('The auto-save amount must be more than zero.', 'amountUsdt');
  if (amount > MAX)
    throw new GoldRuleError(`An auto-save buys at most ${AUTO_SAVE_MAX_USDT} USDT at a time.`, 'amountUsdt');
  if (cap === null) return;
  if (cap > MAX)
    throw new GoldRuleError(`The monthly cap can be at most ${AUTO_SAVE_MAX_USDT} USDT.`, 'monthlyCapUsdt');
  if (cap < amount)
    throw new GoldRuleError(
      'The monthly cap is below the amount of one auto-save: no purchase could ever run. Raise the cap or lower the amount.',
      'monthlyCapUsdt',
    );
}
