import { describe, expect, it } from 'vitest';
import { GES_TERMS_FROZEN, earliestGesStartDate, gesTermsFrozenReason, toUnits } from '@qmgt/contracts';
import {
  AgreementFileError,
  GesRuleError,
  agreementText,
  checkStartDate,
  describeTermChanges,
  dueOn,
  instalmentFigures,
  maturityDate,
  parseDay,
  projectedHolding,
  runningGrams,
  termChanges,
  type GroupTerms,
} from './ges.rules.js';

const usdt = (v: string) => toUnits(v, 'USDT');
const g = (v: string) => toUnits(v, 'GOLD');

describe('due dates', () => {
  it('fall on the start day of each following month, across year ends', () => {
    expect(dueOn('2026-11-28', 1)).toBe('2026-11-28');
    expect(dueOn('2026-11-28', 2)).toBe('2026-12-28');
    expect(dueOn('2026-11-28', 3)).toBe('2027-01-28');
    expect(dueOn('2027-01-28', 2)).toBe('2027-02-28');
    expect(maturityDate('2026-12-01', 11)).toBe('2027-10-01');
  });
  // dueOn() is the due days' one home: the SQL books the days it gives (sql-rules/ges-schedule.test.ts).
  it('keep the start day through February, leap years and a five-year term', () => {
    expect(dueOn('2027-12-28', 3)).toBe('2028-02-28');
    expect(dueOn('2028-01-28', 2)).toBe('2028-02-28');
    expect(dueOn('2026-12-01', 13)).toBe('2027-12-01');
    expect(dueOn('2027-03-15', 60)).toBe('2032-02-15');
    expect(maturityDate('2027-03-15', 60)).toBe('2032-02-15');
    expect(maturityDate('2027-05-20', 2)).toBe('2027-06-20');
    expect(() => dueOn('2027-02-30', 1)).toThrow(/not a day/);
  });
  it('take days 1-28 from today on only, and real days only', () => {
    expect(() => checkStartDate('2026-12-29', '2026-11-24')).toThrow(/from 1 to 28/);
    expect(() => checkStartDate('2026-11-23', '2026-11-24')).toThrow(/past/);
    expect(() => checkStartDate('2026-02-30', '2026-01-01')).toThrow(GesRuleError);
    expect(() => checkStartDate('2026-11-24', '2026-11-24')).not.toThrow();
    expect(parseDay('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseDay('2027-02-29')).toBeNull();
  });
});

describe('the earliest start date', () => {
  it('is today on days 1-28, and the 1st of next month on the 29th-31st, across year ends', () => {
    expect(earliestGesStartDate('2026-11-01')).toBe('2026-11-01');
    expect(earliestGesStartDate('2026-11-28')).toBe('2026-11-28');
    expect(earliestGesStartDate('2026-11-29')).toBe('2026-12-01');
    expect(earliestGesStartDate('2026-12-31')).toBe('2027-01-01');
    expect(earliestGesStartDate('2028-02-29')).toBe('2028-03-01');
  });
  it('is always a start date the API takes', () => {
    for (
      let day = new Date('2026-01-01T00:00:00Z');
      day.getUTCFullYear() < 2028;
      day.setUTCDate(day.getUTCDate() + 1)
    ) {
      const today = day.toISOString().slice(0, 10);
      expect(() => checkStartDate(earliestGesStartDate(today), today)).not.toThrow();
    }
  });
});

describe('an uploaded agreement', () => {
  const md = { mimetype: 'text/markdown', filename: 'agreement.md' };
  it('is its UTF-8 text exactly, less a byte-order mark', () => {
    expect(agreementText(Buffer.from('# Terms\r\n\n  Clause 1.  \n'), md)).toBe('# Terms\r\n\n  Clause 1.  \n');
    expect(agreementText(Buffer.from('\ufeffClause 1.'), md)).toBe('Clause 1.');
    expect(agreementText(Buffer.from('Clause 1.'), { mimetype: 'text/plain; charset=utf-8', filename: 'a.txt' })).toBe(
      'Clause 1.',
    );
  });
  it('takes an untyped upload by its .md or .txt name only', () => {
    expect(agreementText(Buffer.from('x'), { mimetype: 'application/octet-stream', filename: 'T.MD' })).toBe('x');
    expect(() => agreementText(Buffer.from('x'), { mimetype: 'application/octet-stream', filename: 't.pdf' })).toThrow(
      AgreementFileError,
    );
  });
  it('refuses other types (415), bytes that are not text (415), an empty or too long text (422), a large file (413)', () => {
    const status = (bytes: Uint8Array, declared = md) => {
      try {
        agreementText(bytes, declared);
        return 200;
      } catch (error) {
        return (error as AgreementFileError).status;
      }
    };
    expect(status(Buffer.from('x'), { mimetype: 'image/png', filename: 'a.md' })).toBe(415);
    expect(status(Buffer.from([0xc3, 0x28]))).toBe(415);
    expect(status(Buffer.from('a\u0007b'))).toBe(415);
    expect(status(Buffer.from('\n \n'))).toBe(422);
    expect(status(Buffer.from('é'.repeat(50_001)))).toBe(422);
    expect(status(Buffer.alloc(200_001, 'a'))).toBe(413);
    expect(status(Buffer.from('é'.repeat(50_000)))).toBe(200);
  });
});

describe('instalments', () => {
  it('buy grams at spot x 1.03, rounded down; the fee is the rest', () => {
    const f = instalmentFigures(usdt('100'), usdt('100'));
    expect(f.price).toBe(usdt('103'));
    expect(f.grams).toBe(g('0.970873'));
    expect(f.fee).toBe(usdt('100') - (g('0.970873') * usdt('100')) / 1_000_000n);
  });
  it('refuse an instalment that buys nothing', () => {
    expect(() => instalmentFigures(1n, usdt('100'))).toThrow(/buys no gold/);
  });
});

describe('projection and passbook', () => {
  // The bonus on the projected grams is the SQL's (ges_bonus_grams.sql, sql-rules/ges-bonus.test.ts).
  it("projects the remaining instalments at today's grams, counting them as paid", () => {
    expect(
      projectedHolding({
        heldGrams: g('3.000001'),
        paidCount: 3,
        remaining: 7,
        gramsPerInstalmentToday: g('0.999999'),
      }),
    ).toEqual({ grams: g('9.999994'), paidCount: 10 });
    expect(
      projectedHolding({ heldGrams: g('2.5'), paidCount: 4, remaining: 0, gramsPerInstalmentToday: g('1') }),
    ).toEqual({ grams: g('2.5'), paidCount: 4 });
  });
  it('runs the grams through paid lines only', () => {
    expect(
      runningGrams([
        { seq: 1, status: 'paid', grams: g('1') },
        { seq: 2, status: 'missed', grams: null },
        { seq: 3, status: 'paid', grams: g('0.5') },
      ]),
    ).toEqual([g('1'), g('1'), g('1.5')]);
  });
});

describe('editing terms before start', () => {
  const today = '2026-11-24';
  const frozen = (status: 'draft' | 'open' | 'closed', startDate: string, membersCount = 0) =>
    gesTermsFrozenReason({ status, startDate, membersCount }, today);
  it('lets the operator edit a draft, even one whose start date has passed', () => {
    expect(frozen('draft', '2026-12-01')).toBeNull();
    expect(frozen('draft', '2026-11-01')).toBeNull();
  });
  it('lets the operator edit an open group with no members until the day before its start', () => {
    expect(frozen('open', '2026-11-25')).toBeNull();
  });
  it('freezes an open group on its start date and after it', () => {
    expect(frozen('open', today)).toBe(GES_TERMS_FROZEN);
    expect(frozen('open', '2026-11-01')).toBe(GES_TERMS_FROZEN);
  });
  it('freezes a group with a member, whatever its status and start', () => {
    expect(frozen('open', '2027-01-01', 1)).toBe(GES_TERMS_FROZEN);
    expect(frozen('draft', '2027-01-01', 1)).toBe(GES_TERMS_FROZEN);
  });
  it('freezes a closed group for good', () => {
    expect(frozen('closed', '2027-01-01')).toMatch(/is closed/);
  });

  const current: GroupTerms = {
    name: 'Gold circle',
    instalmentUsdt: usdt('100'),
    termMonths: 11,
    memberCap: 50,
    startDate: '2026-12-01',
    bonusInstalments: 1,
  };
  it('changes only the terms given with another value, in the contract order', () => {
    expect(termChanges(current, { bonusInstalments: 2, instalmentUsdt: usdt('100'), name: 'Silver circle' })).toEqual([
      { term: 'name', from: 'Gold circle', to: 'Silver circle' },
      { term: 'bonusInstalments', from: 1, to: 2 },
    ]);
    expect(termChanges(current, { instalmentUsdt: usdt('100.000') })).toEqual([]);
  });
  it('records each change with its old and new value, USDT as a decimal', () => {
    const changes = termChanges(current, { instalmentUsdt: usdt('12.5'), memberCap: 9, name: 'A "quoted" name' });
    expect(describeTermChanges(changes)).toBe(
      'name "Gold circle" -> "A \\"quoted\\" name"; instalmentUsdt 100 USDT -> 12.5 USDT; memberCap 50 -> 9',
    );
  });
});
