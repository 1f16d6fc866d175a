import pg from 'pg';
import { API_BASE, apiPaths, toUnits } from '@qmgt/contracts';
import type { Customer } from './client.js';

/*
 * Issue 25's load beside the money scenarios (`BENCH_HABITS=1`, PostgreSQL only): 100,000 price
 * alerts stored and 1,000 notification streams open while swaps and sells run, and what one
 * price tick costs with the alerts stored. The alerts are written with one SQL statement: the
 * API's ten-per-customer rule would need 10,000 customers, and alerts move no money. Their
 * thresholds sit 5% or more from the spot (the sandbox walk does not reach them during a run),
 * except 100 just above it, which one measured tick crosses.
 */

export const ALERTS_STORED = 100_000;
export const STREAMS_OPEN = 1_000;
/** The API's cap (MAX_STREAMS_PER_CUSTOMER): streams open per customer. */
export const STREAMS_PER_CUSTOMER = 10;
const NEAR_ALERTS = 100;
const TICKS = 5;

interface Habits {
  /** The figures to report, as text. */
  notes: string[];
  /** Closes every stream. */
  close(): void;
}

/** USD per gram (18 decimals) as the API's decimal text, to the cent. */
function dollars(units: bigint): string {
  const cents = units / 10n ** 16n;
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** Sets the sandbox spot through the API and answers how long the request took (ms). */
async function tick(origin: string, usdPerGram: bigint): Promise<number> {
  const t0 = performance.now();
  const response = await fetch(`${origin}${API_BASE}${apiPaths.devPrice}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usdPerGram: dollars(usdPerGram) }),
  });
  if (!response.ok) throw new Error(`POST /dev/price answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
  return performance.now() - t0;
}

/** The median of a few ticks that cross nothing (the price nudged up and back). */
async function quietTicks(origin: string, spot: bigint): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < TICKS; i++) times.push(await tick(origin, i % 2 === 0 ? spot + spot / 1_000n : spot));
  return times.sort((a, b) => a - b)[Math.floor(TICKS / 2)]!;
}

export async function openHabits(origin: string, databaseUrl: string, customers: readonly Customer[]): Promise<Habits> {
  if (customers.length * STREAMS_PER_CUSTOMER < STREAMS_OPEN)
    throw new Error(`${STREAMS_OPEN} streams need ${STREAMS_OPEN / STREAMS_PER_CUSTOMER} customers`);
  const price = (await (await fetch(`${origin}${API_BASE}${apiPaths.goldPrice}`)).json()) as { spot: string };
  const spot = toUnits(price.spot, 'USDT');
  const notes: string[] = [];

  const before = await quietTicks(origin, spot);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const t0 = performance.now();
    await client.query(
      `INSERT INTO price_alerts (user_id, direction, threshold)
       SELECT ($1::uuid[])[1 + g % cardinality($1::uuid[])],
              CASE WHEN g % 2 = 0 THEN 'above' ELSE 'below' END,
              round($2::numeric * CASE WHEN g % 2 = 0 THEN 1.05 + (g % 1000) / 1000.0 ELSE 0.5 + (g % 450) / 1000.0 END)
         FROM generate_series(1, $3::int) g`,
      [customers.map((c) => c.userId), spot.toString(), ALERTS_STORED - NEAR_ALERTS],
    );
    await client.query(
      `INSERT INTO price_alerts (user_id, direction, threshold)
       SELECT ($1::uuid[])[1 + g % cardinality($1::uuid[])], 'above', round($2::numeric * (1.01 + g / 100000.0))
         FROM generate_series(1, $3::int) g`,
      [customers.map((c) => c.userId), spot.toString(), NEAR_ALERTS],
    );
    await client.query('ANALYZE price_alerts');
    notes.push(`${ALERTS_STORED} price alerts stored in ${((performance.now() - t0) / 1000).toFixed(1)} s (SQL)`);
  } finally {
    await client.end();
  }
  const after = await quietTicks(origin, spot);
  const crossing = await tick(origin, spot + spot / 50n);
  await tick(origin, spot);
  notes.push(
    `a price tick over HTTP (median of ${TICKS}): ${before.toFixed(1)} ms with no alerts, ${after.toFixed(1)} ms with ${ALERTS_STORED} stored and none crossed; ${crossing.toFixed(1)} ms for the tick that crossed and fired ${NEAR_ALERTS}`,
  );

  const controller = new AbortController();
  let opened = 0;
  for (const customer of customers.slice(0, STREAMS_OPEN / STREAMS_PER_CUSTOMER)) {
    for (let i = 0; i < STREAMS_PER_CUSTOMER; i++) {
      const response = await fetch(`${origin}${API_BASE}${apiPaths.notificationsStream}`, {
        headers: { authorization: `Bearer ${customer.token}` },
        signal: controller.signal,
      });
      if (response.status !== 200 || !response.body)
        throw new Error(`a notification stream answered ${response.status}`);
      const reader = response.body.getReader();
      // Read and drop what comes, as a tab would, until the bench closes it.
      void (async () => {
        for (;;) {
          const { done } = await reader.read().catch(() => ({ done: true }));
          if (done) return;
        }
      })();
      opened++;
    }
  }
  notes.push(
    `${opened} notification streams open (${STREAMS_PER_CUSTOMER} for each of ${opened / STREAMS_PER_CUSTOMER} customers)`,
  );
  return { notes, close: () => controller.abort() };
}
