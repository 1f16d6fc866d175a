import { describe, expect, it } from 'vitest';
import {
  ASSETS,
  encodeCursor,
  fromUnits,
  toUnits,
  type AnnualStatement,
  type Asset,
  type StatementMovement,
  type Transaction,
} from '@qmgt/contracts';
import type { TestApp } from '../../test/build.js';
import { get } from '../../test/factories.js';
import { customerKitWithOperator } from '../../test/customers.js';
import { CSV_COLUMNS } from './statements.csv.js';
import { WALK_PAGE_ENTRIES } from './statements.service.js';

/*
 * The annual statement through the API: a customer buys, sells, converts and saves; the
 * statement's holdings, movements, fees and gains are checked against the ledger and the
 * transactions themselves; another customer's movements never appear; pages by key cover the
 * year exactly; the CSV parses and the PDF is a PDF; bad years and cursors are clear 4xx.
 */

let t: TestApp;
let operatorToken: string;
const { send, customer, buyQmgt, buyGold, convertToGold, ledgerIsSound } = customerKitWithOperator((built) => {
  ({ t, operatorToken } = built);
});

const thisYear = new Date().getUTCFullYear();

async function statementOf(token: string, query: string) {
  const res = await get(t.app, `/statements/annual?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AnnualStatement>();
}

/** Every movement of a year, following nextCursor `pageSize` at a time. */
async function allMovements(token: string, year: number, pageSize: number) {
  const seen: StatementMovement[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: AnnualStatement = await statementOf(
      token,
      `year=${year}&pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    seen.push(...page.movements);
    cursor = page.nextCursor;
  } while (cursor && ++pages < 500);
  return seen;
}

const units = (asset: Asset, value: string) =>
  value.startsWith('-') ? -toUnits(value.slice(1), asset) : toUnits(value, asset);

/** The customer's ledger balances per (asset, place), straight from the accounts. */
async function ledgerHoldings(userId: string) {
  const result = await t.database.executeSql(
    `SELECT asset::text, purpose::text, balance::text FROM ledger_accounts WHERE owner_user_id = $1 AND balance <> 0`,
    [userId],
  );
  return new Map(
    (result.rows as { asset: Asset; purpose: string; balance: string }[]).map((r) => [
      `${r.asset}:${r.purpose}`,
      BigInt(r.balance),
    ]),
  );
}

/** Simple RFC 4180 reader: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

describe('the annual statement of a customer who buys, sells and saves', () => {
  it('matches the ledger: holdings, movements, fees and the gain on QMGT sold at average cost', async () => {
    const alice = await customer('1000');
    const bob = await customer('500');
    const bobsQuote = await buyQmgt(bob.token, '100');
    expect(bobsQuote.quoteId).toBeTruthy();

    await buyQmgt(alice.token, '200');
    const held = (await t.app.services.ledger.balances(alice.user.id)).QMGT.available;
    const sold = held / 2n;
    const sale = await send('/sell-token', { amount: fromUnits(sold, 'QMGT'), minAmountOut: '0' }, alice.token);
    expect(sale.statusCode, sale.body).toBe(200);
    const sell = sale.json<{ transaction: Transaction }>().transaction;
    // Half of what is left, to 4 decimals (a convert quote is for an amount people type).
    const step = 10n ** 14n;
    const toConvert = ((held - sold) / 2n / step) * step;
    await convertToGold(alice.token, fromUnits(toConvert, 'QMGT'));
    await buyGold(alice.token, '300');

    const statement = await statementOf(alice.token, `year=${thisYear}&pageSize=100`);
    expect(statement).toMatchObject({
      year: thisYear,
      from: `${thisYear}-01-01`,
      firstYear: thisYear,
      nextCursor: null,
    });

    // Closing holdings are the accounts' balances; a new customer opened the year with nothing.
    const ledger = await ledgerHoldings(alice.user.id);
    const closing = new Map(statement.holdings.map((h) => [`${h.asset}:${h.place}`, units(h.asset, h.closing)]));
    expect(new Map([...closing].filter(([, v]) => v !== 0n))).toEqual(ledger);
    expect(statement.holdings.every((h) => units(h.asset, h.opening) === 0n)).toBe(true);

    // The movements add up to the change in holdings, asset by asset.
    for (const asset of ASSETS) {
      const moved = statement.movements
        .flatMap((m) => m.changes)
        .filter((c) => c.asset === asset)
        .reduce((sum, c) => sum + units(asset, c.amount), 0n);
      const total = [...ledger].filter(([key]) => key.startsWith(`${asset}:`)).reduce((sum, [, v]) => sum + v, 0n);
      expect(moved, asset).toBe(total);
    }
    // One movement per ledger entry of hers: deposit, buy, sell, convert, GAE purchase.
    expect(statement.movements.map((m) => m.kind)).toEqual(['DEPOSIT', 'QMGT', 'QMGT', 'CONVERT', 'GAE']);
    expect(statement.movements.map((m) => m.description)).toEqual([
      'Deposit',
      'QMGT bought',
      'QMGT sold',
      'QMGT converted to grams',
      'GAE purchase',
    ]);

    // Fees: the transactions' own fees, per asset.
    const fees = await t.database.executeSql(
      `SELECT fee_asset::text AS asset, sum(fee)::text AS total FROM transactions
        WHERE user_id = $1 AND fee > 0 GROUP BY fee_asset`,
      [alice.user.id],
    );
    expect(new Map(statement.fees.map((f) => [f.asset, units(f.asset, f.amount)]))).toEqual(
      new Map((fees.rows as { asset: Asset; total: string }[]).map((r) => [r.asset, BigInt(r.total)])),
    );

    // The QMGT sold: its proceeds less half of the 200 USDT paid for what was held.
    const proceeds = toUnits(sell.amountOut!, 'USDT');
    const cost = (toUnits('200', 'USDT') * sold) / held;
    const qmgt = statement.gains.find((g) => g.asset === 'QMGT')!;
    expect(units('USDT', qmgt.proceedsUsdt)).toBe(proceeds);
    expect(units('USDT', qmgt.costUsdt)).toBe(cost);
    expect(units('USDT', qmgt.gainUsdt)).toBe(proceeds - cost);
    expect(units('QMGT', qmgt.disposed)).toBe(sold);
    expect(statement.movements[2]!.realisedGainUsdt).toBe(qmgt.gainUsdt);
    // The grams: bought with 300 USDT and converted from QMGT (its average cost carried over).
    const gold = statement.gains.find((g) => g.asset === 'GOLD')!;
    expect(units('GOLD', gold.heldAtClose)).toBe(ledger.get('GOLD:gae_plan')! + (ledger.get('GOLD:available') ?? 0n));
    const qmgtCostLeft = toUnits('200', 'USDT') - cost;
    const remaining = held - sold;
    const converted = (qmgtCostLeft * toConvert) / remaining;
    expect(units('USDT', gold.heldCostUsdt)).toBe(toUnits('300', 'USDT') + converted);
    expect(units('USDT', statement.totalGainUsdt)).toBe(proceeds - cost);
    expect(statement.method.join(' ')).toMatch(/average cost/);

    // Nothing of Bob's: his entries are not hers, and his statement holds only his.
    const bobs = await statementOf(bob.token, `year=${thisYear}`);
    const aliceIds = new Set(statement.movements.map((m) => m.id));
    expect(bobs.movements.some((m) => aliceIds.has(m.id))).toBe(false);
    expect(bobs.movements.map((m) => m.kind)).toEqual(['DEPOSIT', 'QMGT']);

    // Pages by key cover the year exactly, and Bob replaying her cursor sees only his own rows.
    const paged = await allMovements(alice.token, thisYear, 2);
    expect(paged.map((m) => m.id)).toEqual(statement.movements.map((m) => m.id));
    const firstPage = await statementOf(alice.token, `year=${thisYear}&pageSize=2`);
    const replayed = await statementOf(bob.token, `year=${thisYear}&cursor=${firstPage.nextCursor}`);
    expect(replayed.movements.every((m) => !aliceIds.has(m.id))).toBe(true);

    // The CSV: one table, every row the same columns, the same movements and figures.
    const csv = await get(t.app, `/statements/annual.csv?year=${thisYear}`, alice.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain(`qmgt-annual-statement-${thisYear}.csv`);
    const rows = parseCsv(csv.body);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows.every((r) => r.length === CSV_COLUMNS.length)).toBe(true);
    const col = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);
    const movementRows = rows.filter((r) => r[0] === 'movement');
    expect(movementRows.map((r) => r[col('code')])).toEqual(statement.movements.map((m) => m.code ?? ''));
    const gainRow = rows.find((r) => r[0] === 'realised_gain' && r[col('type')] === 'QMGT')!;
    expect(gainRow[col('realised_gain_usdt')]).toBe(qmgt.gainUsdt);
    expect(rows.find((r) => r[0] === 'closing' && r[col('type')] === 'USDT')![col('USDT')]).toBe(
      statement.holdings.find((h) => h.asset === 'USDT' && h.place === 'available')!.closing,
    );

    // The PDF.
    const pdf = await get(t.app, `/statements/annual.pdf?year=${thisYear}`, alice.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.subarray(-8).toString()).toContain('%%EOF');

    await ledgerIsSound();
  });

  it('a year with no activity has empty movements and holdings, in JSON, CSV and PDF', async () => {
    const carol = await customer('0');
    const empty = await statementOf(carol.token, `year=${thisYear - 1}`);
    expect(empty).toMatchObject({
      year: thisYear - 1,
      from: `${thisYear - 1}-01-01`,
      to: `${thisYear - 1}-12-31`,
      holdings: [],
      fees: [],
      movements: [],
      nextCursor: null,
      totalGainUsdt: '0',
    });
    const csv = await get(t.app, `/statements/annual.csv?year=${thisYear - 1}`, carol.token);
    expect(parseCsv(csv.body).filter((r) => r[0] === 'movement')).toEqual([]);
    const pdf = await get(t.app, `/statements/annual.pdf?year=${thisYear - 1}`, carol.token);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('a redemption for USDAU and a remittance', () => {
  it("realises the USDAU paid out against the grams' carried cost; money sent to a friend prices nothing", async () => {
    const ada = await customer('1000');
    const ben = await customer('0');
    await buyQmgt(ada.token, '600');
    const qmgt = (await t.app.services.ledger.balances(ada.user.id)).QMGT.available;
    const converted = toUnits('2', 'QMGT');
    await convertToGold(ada.token, '2');
    const grams = (await t.app.services.ledger.balances(ada.user.id)).GOLD.available;
    const requested = await send(
      '/request-external-usdau',
      { grams: '1', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
      ada.token,
    );
    expect(requested.statusCode, requested.body).toBe(200);
    const request = requested.json<{ request: { id: string; usdauAmount: string; code: string } }>().request;
    const approved = await send(`/admin/usdau-requests/${request.id}/approve`, {}, operatorToken);
    expect(approved.statusCode, approved.body).toBe(200);
    const quoted = await send(
      '/remit/quote',
      { recipient: ben.user.refCode, amountUsdt: '23', roundUpTo: 5 },
      ada.token,
      null,
    );
    expect(quoted.statusCode, quoted.body).toBe(200);
    const remit = await send(
      '/remit',
      {
        recipient: ben.user.refCode,
        amountUsdt: '23',
        roundUpTo: 5,
        quoteId: quoted.json<{ quoteId: string }>().quoteId,
      },
      ada.token,
    );
    expect(remit.statusCode, remit.body).toBe(200);

    const statement = await statementOf(ada.token, `year=${thisYear}&pageSize=100`);
    // The grams came by conversion: they carry the QMGT's average cost, and 1 g of them left for the USDAU.
    const carried = (toUnits('600', 'USDT') * converted) / qmgt;
    const cost = (carried * toUnits('1', 'GOLD')) / grams;
    const proceeds = toUnits(request.usdauAmount, 'USDAU');
    const gold = statement.gains.find((g) => g.asset === 'GOLD')!;
    expect(units('USDT', gold.proceedsUsdt)).toBe(proceeds);
    expect(units('USDT', gold.costUsdt)).toBe(cost);
    expect(units('USDT', gold.gainUsdt)).toBe(proceeds - cost);
    const payout = statement.movements.find((m) => m.code === request.code && m.kind === 'USDAU')!;
    expect(payout).toMatchObject({
      description: 'Grams redeemed for USDAU',
      changes: [{ asset: 'GOLD', amount: '-1' }],
    });
    // The lock before it moved grams within her accounts: a movement that changes no holding.
    expect(statement.movements.find((m) => m.kind === 'usdau.lock')).toMatchObject({
      description: 'Grams locked for a USDAU request',
      changes: [],
    });
    // The remittance: 25 USDT out, 23 of them to Ben; the round-up's grams cost the 2 USDT the platform kept.
    const sent = statement.movements.find((m) => m.kind === 'REMIT')!;
    expect(sent.description).toBe('Remittance sent, round-up saved as gold');
    const roundUpGrams = units('GOLD', sent.changes.find((c) => c.asset === 'GOLD')!.amount);
    expect(units('USDT', gold.heldCostUsdt)).toBe(carried - cost + toUnits('2', 'USDT'));
    expect(units('GOLD', gold.heldAtClose)).toBe(grams - toUnits('1', 'GOLD') + roundUpGrams);

    const bens = await statementOf(ben.token, `year=${thisYear}`);
    expect(bens.movements.map((m) => [m.description, m.changes])).toEqual([
      ['Remittance received', [{ asset: 'USDT', amount: '23' }]],
    ]);
    expect(bens.gains.every((g) => g.gainUsdt === '0' && g.heldCostUsdt === '0')).toBe(true);
    await ledgerIsSound();
  });
});

describe('referral rewards', () => {
  it('a reward earned is a movement into the rewards place, at zero cost', async () => {
    const upline = await customer('0');
    const buyer = await customer('500', { ref: upline.user.refCode });
    await buyQmgt(buyer.token, '300');
    const statement = await statementOf(upline.token, `year=${thisYear}`);
    const earned = statement.movements.find((m) => m.kind === 'referral.reward')!;
    expect(earned.description).toBe('Referral reward earned');
    const reward = units('QMGT', earned.changes.find((c) => c.asset === 'QMGT')!.amount);
    expect(reward).toBeGreaterThan(0n);
    expect(statement.holdings).toEqual([
      { asset: 'QMGT', place: 'rewards', opening: '0', closing: earned.changes[0]!.amount },
    ]);
    expect(statement.gains.find((g) => g.asset === 'QMGT')).toMatchObject({ heldCostUsdt: '0' });
    expect(units('QMGT', statement.gains.find((g) => g.asset === 'QMGT')!.heldAtClose)).toBe(reward);
    // Nothing of the buyer's own purchase shows on the upline's statement.
    expect(statement.movements.map((m) => m.kind)).toEqual(['referral.reward']);
  });
});

describe('a long history across years', () => {
  it('opens and closes each year at the sum of the ledger before and through it, past several walk pages', async () => {
    const dave = await customer('0');
    // One movement a day into the GAE plan, from far enough back to cross a year end and more
    // than a walk page (milligrams k, k days ago), balanced against the vault.
    const count = WALK_PAGE_ENTRIES + 300;
    await t.database.executeSql(
      `INSERT INTO journal_entries (id, type, memo, created_at)
       SELECT md5('stmt' || $1 || g)::uuid, 'test.past', NULL, now() - make_interval(days => g)
         FROM generate_series(1, $2::int) AS g`,
      [dave.user.id, count],
    );
    await t.database.executeSql(
      `INSERT INTO postings (entry_id, account_id, asset, amount)
       SELECT md5('stmt' || $1 || g)::uuid, side.account, 'GOLD', side.sign * g * 1000
         FROM generate_series(1, $2::int) AS g,
              (VALUES (ledger_account_id($1::uuid, 'GOLD', 'gae_plan'), 1),
                      (ledger_account_id(NULL, 'GOLD', 'gold_vault'), -1)) AS side(account, sign)`,
      [dave.user.id, count],
    );
    const sumBefore = async (at: string) => {
      const result = await t.database.executeSql(
        `SELECT coalesce(sum(p.amount), 0)::text AS total FROM postings p JOIN journal_entries e ON e.id = p.entry_id
          WHERE p.account_id = ledger_account_id($1::uuid, 'GOLD', 'gae_plan') AND e.created_at < $2::timestamptz`,
        [dave.user.id, at],
      );
      return BigInt((result.rows[0] as { total: string }).total);
    };
    const last = thisYear - 1;
    const statement = await statementOf(dave.token, `year=${last}&pageSize=100`);
    const plan = statement.holdings.find((h) => h.asset === 'GOLD' && h.place === 'gae_plan')!;
    expect(units('GOLD', plan.opening)).toBe(await sumBefore(`${last}-01-01T00:00:00Z`));
    expect(units('GOLD', plan.closing)).toBe(await sumBefore(`${thisYear}-01-01T00:00:00Z`));
    const inYear = await allMovements(dave.token, last, 100);
    expect(inYear).toHaveLength(daysIn(last));
    expect(inYear.every((m) => m.at.startsWith(`${last}-`))).toBe(true);
    // Received for nothing (no money moved): at zero cost, no gain.
    expect(statement.gains.find((g) => g.asset === 'GOLD')).toMatchObject({ heldCostUsdt: '0', gainUsdt: '0' });
    const csv = await get(t.app, `/statements/annual.csv?year=${last}`, dave.token);
    expect(parseCsv(csv.body).filter((r) => r[0] === 'movement')).toHaveLength(inYear.length);
  });
});

describe('bad input', () => {
  it('answers a clear 4xx for a bad or future year, cursor or parameter, and 401 without a session', async () => {
    const erin = await customer('0');
    const refused = async (query: string, status = 400) => {
      for (const path of ['/statements/annual', '/statements/annual.csv', '/statements/annual.pdf']) {
        if (query.includes('cursor') && path !== '/statements/annual') continue;
        const res = await get(t.app, `${path}?${query}`, erin.token);
        expect(res.statusCode, `${path}?${query}`).toBe(status);
        expect(res.json().error).toMatchObject({ status });
      }
    };
    // A year not yet begun is well-formed, refused by a rule: 422 (docs/decisions/005).
    await refused(`year=${thisYear + 1}`, 422);
    const future = await get(t.app, `/statements/annual?year=${thisYear + 1}`, erin.token);
    expect(future.json().error.message).toBe(
      `The ${thisYear + 1} statement is not available: that year has not begun. Choose ${thisYear} or earlier.`,
    );
    await refused('year=1999');
    await refused('year=abc');
    await refused('year=2024.5');
    await refused('');
    await refused(`year=${thisYear}&cursor=not-a-cursor`);
    await refused(`year=${thisYear}&pageSize=0`);
    await refused(`year=${thisYear}&pageSize=101`);
    await refused(`year=${thisYear}&colour=gold`);
    const anonymous = await get(t.app, `/statements/annual?year=${thisYear}`);
    expect(anonymous.statusCode).toBe(401);
    const csv = await get(t.app, `/statements/annual.csv?year=${thisYear}`);
    expect(csv.statusCode).toBe(401);
    // A well-formed cursor is only a position in the caller's own year.
    const latest = await statementOf(
      erin.token,
      `year=${thisYear}&cursor=${encodeCursor({ at: '1970-01-01T00:00:00Z', id: '00000000-0000-0000-0000-000000000000' })}`,
    );
    expect(latest.movements).toEqual([]);
  });
});

function daysIn(year: number) {
  return (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000;
}
