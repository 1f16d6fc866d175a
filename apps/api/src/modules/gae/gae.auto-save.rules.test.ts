import { describe, expect, it } from 'vitest';
import { toUnits } from '@qmgt/contracts';
import {
  addDays,
  checkAutoSaveAmounts,
  firstRunOn,
  isoWeek,
  isoWeekday,
  monthOf,
  nextRunAfter,
  periodKey,
  withinCap,
  type AutoSaveSchedule,
} from './gae.auto-save.rules.js';

const usdt = (v: string) => toUnits(v, 'USDT');
const daily: AutoSaveSchedule = { frequency: 'daily' };
const weekly = (dayOfWeek: number): AutoSaveSchedule => ({ frequency: 'weekly', dayOfWeek });
const monthly = (dayOfMonth: number): AutoSaveSchedule => ({ frequency: 'monthly', dayOfMonth });

describe('calendar days', () => {
  it('adds days across month and year ends and 29 February', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('numbers weekdays ISO-style: Monday 1, Sunday 7', () => {
    expect(isoWeekday('2026-11-23')).toBe(1); // a Monday
    expect(isoWeekday('2026-11-27')).toBe(5); // a Friday
    expect(isoWeekday('2026-11-29')).toBe(7); // a Sunday, not 0
  });
});

describe('period keys', () => {
  it('is the day, the ISO week or the month of the due day', () => {
    expect(periodKey('daily', '2026-11-27')).toBe('2026-11-27');
    expect(periodKey('weekly', '2026-11-27')).toBe('2026-W48');
    expect(periodKey('monthly', '2026-11-27')).toBe('2026-11');
  });

  it('gives a whole Monday-to-Sunday week one key', () => {
    const week = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
    expect(new Set(week.map(isoWeek))).toEqual(new Set(['2026-W48']));
    expect(isoWeek('2026-11-30')).toBe('2026-W49');
  });

  it('puts a week across the new year in the year of its Thursday', () => {
    // 2026-12-31 is a Thursday: that week, to Sunday 2027-01-03, is 2026's 53rd.
    expect(isoWeek('2026-12-28')).toBe('2026-W53');
    expect(isoWeek('2027-01-03')).toBe('2026-W53');
    expect(isoWeek('2027-01-04')).toBe('2027-W01');
    // 2025-12-29 (a Monday) starts the week of Thursday 2026-01-01: 2026-W01.
    expect(isoWeek('2025-12-29')).toBe('2026-W01');
    expect(isoWeek('2028-02-29')).toBe('2028-W09');
  });
});

describe('first due day', () => {
  it('daily: the day itself', () => {
    expect(firstRunOn(daily, '2026-11-27')).toBe('2026-11-27');
  });

  it('weekly: the chosen weekday on or after the day, Sunday being 7', () => {
    expect(firstRunOn(weekly(5), '2026-11-27')).toBe('2026-11-27'); // Friday itself
    expect(firstRunOn(weekly(1), '2026-11-27')).toBe('2026-11-30'); // next Monday
    expect(firstRunOn(weekly(7), '2026-11-27')).toBe('2026-11-29'); // this Sunday
    expect(firstRunOn(weekly(4), '2026-11-27')).toBe('2026-12-03'); // Thursday passed: next week's
    expect(firstRunOn(weekly(2), '2026-12-30')).toBe('2027-01-05'); // over the year end
  });

  it('monthly: the chosen day of this month if not passed, else next month', () => {
    expect(firstRunOn(monthly(5), '2026-03-05')).toBe('2026-03-05');
    expect(firstRunOn(monthly(5), '2026-03-06')).toBe('2026-04-05');
    expect(firstRunOn(monthly(28), '2026-12-29')).toBe('2027-01-28');
    expect(firstRunOn(monthly(28), '2028-02-29')).toBe('2028-03-28');
    expect(firstRunOn(monthly(28), '2027-02-28')).toBe('2027-02-28');
    expect(firstRunOn(monthly(1), '2026-01-31')).toBe('2026-02-01');
  });
});

describe('next due day after a run', () => {
  it('is the following period, across month ends and leap days', () => {
    expect(nextRunAfter(daily, '2028-02-28', '2028-02-28')).toBe('2028-02-29');
    expect(nextRunAfter(daily, '2026-12-31', '2026-12-31')).toBe('2027-01-01');
    expect(nextRunAfter(weekly(7), '2026-11-29', '2026-11-29')).toBe('2026-12-06');
    expect(nextRunAfter(monthly(5), '2026-03-05', '2026-03-05')).toBe('2026-04-05');
    expect(nextRunAfter(monthly(28), '2026-12-28', '2026-12-28')).toBe('2027-01-28');
  });

  it('never catches up periods a stopped job missed: one late run, then the next day ahead', () => {
    // Down from March to June: March runs late once, then July.
    expect(nextRunAfter(monthly(5), '2026-03-05', '2026-06-10')).toBe('2026-07-05');
    expect(nextRunAfter(monthly(5), '2026-03-05', '2026-06-05')).toBe('2026-07-05');
    expect(nextRunAfter(daily, '2026-11-20', '2026-11-27')).toBe('2026-11-28');
    expect(nextRunAfter(weekly(1), '2026-11-02', '2026-11-27')).toBe('2026-11-30');
  });
});

describe('monthly cap', () => {
  it('adds purchases over the UTC calendar month of the day', () => {
    expect(monthOf('2028-02-29')).toEqual({
      from: new Date('2028-02-01T00:00:00Z'),
      to: new Date('2028-03-01T00:00:00Z'),
    });
    expect(monthOf('2026-12-31').to).toEqual(new Date('2027-01-01T00:00:00Z'));
  });

  it('allows a purchase while the month stays within the cap, exactly at it included', () => {
    expect(withinCap(0n, usdt('100'), null)).toBe(true);
    expect(withinCap(usdt('200'), usdt('100'), usdt('300'))).toBe(true);
    expect(withinCap(usdt('200.000000000000000001'), usdt('100'), usdt('300'))).toBe(false);
    expect(withinCap(usdt('300'), usdt('100'), usdt('300'))).toBe(false);
  });

  it('refuses a zero or absurd amount, and a cap below one amount or absurd', () => {
    expect(() => checkAutoSaveAmounts(0n, null)).toThrow('more than zero');
    expect(() => checkAutoSaveAmounts(usdt('1000000.000000000000000001'), null)).toThrow('at most 1000000 USDT');
    expect(() => checkAutoSaveAmounts(usdt('100'), usdt('99.99'))).toThrow('cap is below');
    expect(() => checkAutoSaveAmounts(usdt('100'), usdt('2000000'))).toThrow('at most 1000000 USDT');
    expect(() => checkAutoSaveAmounts(usdt('100'), usdt('100'))).not.toThrow();
    expect(() => checkAutoSaveAmounts(usdt('1000000'), null)).not.toThrow();
  });
});
