import { describe, expect, it } from 'vitest';
import { tablesDue } from './vacuum.rules.js';

const table = (live: number, dead: number, modifiedSinceAnalyze: number) => ({
  table: 'public.t',
  live,
  dead,
  modifiedSinceAnalyze,
});

describe("PGlite's autovacuum rule (PostgreSQL's defaults)", () => {
  it('vacuums past 50 dead rows plus a fifth of the live ones, analyzing too', () => {
    expect(tablesDue([table(0, 50, 0)])).toEqual([]);
    expect(tablesDue([table(0, 51, 0)])).toEqual([{ table: 'public.t', vacuum: true }]);
    expect(tablesDue([table(1_000, 250, 0)])).toEqual([]);
    expect(tablesDue([table(1_000, 251, 0)])).toEqual([{ table: 'public.t', vacuum: true }]);
  });

  it('only analyzes past 50 changed rows plus a tenth of the live ones, without enough dead rows', () => {
    expect(tablesDue([table(1_000, 0, 150)])).toEqual([]);
    expect(tablesDue([table(1_000, 0, 151)])).toEqual([{ table: 'public.t', vacuum: false }]);
    // Inserts leave no dead rows: a table only growing is analyzed, not vacuumed.
    expect(tablesDue([table(10_000, 10, 2_000)])).toEqual([{ table: 'public.t', vacuum: false }]);
  });

  it('leaves a quiet table alone', () => {
    expect(tablesDue([table(100_000, 0, 0), table(0, 0, 0)])).toEqual([]);
  });
});
