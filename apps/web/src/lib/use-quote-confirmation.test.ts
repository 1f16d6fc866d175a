import { act, renderHook } from '@testing-library/react';
import { QUOTE_TTL_MS } from '@qmgt/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useQuoteConfirmation, type ConfirmOutcome, type QuoteConfirmation } from './use-quote-confirmation';

/* The one quote-then-confirm flow every product's form uses: what each outcome does next. */

type Quote = { quoteId: string | null; amount: string };

function setUp(outcomes: (ConfirmOutcome | Error)[], quotes: Quote[] = [{ quoteId: 'q1', amount: '1' }]) {
  const asked: number[] = [];
  const confirmations: QuoteConfirmation<Quote>[] = [];
  const onDone = vi.fn();
  const refreshBalances = vi.fn();
  const view = renderHook(() =>
    useQuoteConfirmation<Quote>({
      requestQuote: async () => {
        asked.push(Date.now());
        return quotes[Math.min(asked.length - 1, quotes.length - 1)]!;
      },
      onConfirm: async (confirmation) => {
        confirmations.push(confirmation);
        const next = outcomes.shift() ?? 'done';
        if (next instanceof Error) throw next;
        return next;
      },
      onDone,
      refreshBalances,
    }),
  );
  return { view, asked, confirmations, onDone, refreshBalances };
}

/** One countdown tick (real timers: only the clock is fake). */
const tick = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 300)));

afterEach(() => {
  vi.useRealTimers();
});

describe('useQuoteConfirmation', () => {
  it("'retry' keeps the quote and sends the same Idempotency-Key again; 'done' starts over with a new key next time", async () => {
    const { view, confirmations, onDone, refreshBalances } = setUp(['retry', 'done']);
    await act(() => view.result.current.ask());
    expect(view.result.current.quote).toMatchObject({ quoteId: 'q1' });
    await act(() => view.result.current.confirm());
    expect(view.result.current.quote).toMatchObject({ quoteId: 'q1' });
    await act(() => view.result.current.confirm());
    expect(confirmations.map((c) => c.idempotencyKey)).toEqual([
      confirmations[0]!.idempotencyKey,
      confirmations[0]!.idempotencyKey,
    ]);
    expect(view.result.current.quote).toBeNull();
    expect(onDone).toHaveBeenCalledOnce();
    expect(refreshBalances).toHaveBeenCalledOnce();
    await act(() => view.result.current.ask());
    await act(() => view.result.current.confirm());
    expect(confirmations[2]!.idempotencyKey).not.toBe(confirmations[0]!.idempotencyKey);
  });

  it("'refused' reads the balances again and puts a new quote on screen at once", async () => {
    const { view, asked, onDone, refreshBalances } = setUp(
      ['refused'],
      [
        { quoteId: 'q1', amount: '1' },
        { quoteId: 'q2', amount: '1.1' },
      ],
    );
    await act(() => view.result.current.ask());
    await act(() => view.result.current.confirm());
    expect(asked).toHaveLength(2);
    expect(refreshBalances).toHaveBeenCalledOnce();
    expect(onDone).not.toHaveBeenCalled();
    expect(view.result.current.quote).toMatchObject({ quoteId: 'q2', amount: '1.1' });
    expect(view.result.current.confirming).toBe(false);
  });

  it('an answer that throws is treated as no answer: the quote and its key stay', async () => {
    const { view, confirmations } = setUp([new Error('socket hang up'), 'done']);
    await act(() => view.result.current.ask());
    await act(() => view.result.current.confirm());
    expect(view.result.current.confirming).toBe(false);
    expect(view.result.current.quote).toMatchObject({ quoteId: 'q1' });
    await act(() => view.result.current.confirm());
    expect(confirmations[1]!.idempotencyKey).toBe(confirmations[0]!.idempotencyKey);
  });

  it('an expired quote is never confirmed; a quote without an id holds no price and never expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const priced = setUp([]);
    await act(() => priced.view.result.current.ask());
    vi.setSystemTime(Date.now() + QUOTE_TTL_MS + 1000);
    await tick();
    expect(priced.view.result.current.expired).toBe(true);
    await act(() => priced.view.result.current.confirm());
    expect(priced.confirmations).toEqual([]);

    const unpriced = setUp([], [{ quoteId: null, amount: '23.4' }]);
    await act(() => unpriced.view.result.current.ask());
    vi.setSystemTime(Date.now() + QUOTE_TTL_MS * 10);
    await tick();
    expect(unpriced.view.result.current.expired).toBe(false);
    await act(() => unpriced.view.result.current.confirm());
    expect(unpriced.confirmations).toHaveLength(1);
  });

  it('a refused quote request is kept to be shown, and a change of the form clears it', async () => {
    const refusal = new Error('less than a gram');
    const view = renderHook(() =>
      useQuoteConfirmation<Quote>({
        requestQuote: () => Promise.reject(refusal),
        onConfirm: async () => 'done',
        onDone: () => undefined,
      }),
    );
    await act(() => view.result.current.ask());
    expect(view.result.current.quoteError).toBe(refusal);
    expect(view.result.current.quote).toBeNull();
    act(() => view.result.current.reset());
    expect(view.result.current.quoteError).toBeNull();
  });
});
