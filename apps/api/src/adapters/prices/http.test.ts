import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { toUnits } from '@qmgt/contracts';
import { createHttpPriceFeed } from './http.js';
import { PriceFeedError } from './port.js';

const URL_ = 'https://prices.example.test/gold';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const feed = (path = 'data.price', unit: 'gram' | 'ounce' = 'gram', timeoutMs = 1000) =>
  createHttpPriceFeed({ url: URL_, path, unit, timeoutMs });

describe('HTTP gold price feed', () => {
  it('reads the price per gram at a dotted path, exactly', async () => {
    server.use(http.get(URL_, () => HttpResponse.json({ data: { price: '131.257' } })));
    expect(await feed().spot(undefined)).toBe(toUnits('131.257', 'USDT'));
  });

  it('converts a troy-ounce price to grams', async () => {
    server.use(http.get(URL_, () => HttpResponse.json({ data: { price: 3110.3 } })));
    const perGram = await feed('data.price', 'ounce').spot(undefined);
    expect(perGram).toBe((toUnits('3110.3', 'USDT') * 1000n) / 31_103n);
  });

  it('refuses a missing, zero or non-numeric price, an error status and a timeout', async () => {
    for (const body of [{}, { data: { price: 'n/a' } }, { data: { price: '0' } }, { data: { price: -5 } }]) {
      server.use(http.get(URL_, () => HttpResponse.json(body)));
      await expect(feed().spot(undefined)).rejects.toThrow(PriceFeedError);
    }
    server.use(http.get(URL_, () => HttpResponse.json({ error: 'down' }, { status: 503 })));
    await expect(feed().spot(undefined)).rejects.toThrow(/503/);
    server.use(
      http.get(URL_, async () => {
        await delay(500);
        return HttpResponse.json({ data: { price: '130' } });
      }),
    );
    await expect(feed('data.price', 'gram', 100).spot(undefined)).rejects.toThrow(/unreachable/);
  });
});
