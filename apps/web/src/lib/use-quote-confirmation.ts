import { QUOTE_TTL_MS } from '@qmgt/contracts';
import { useState } from 'react';
import { useCountdown } from '@/lib/use-countdown';
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys';

/**
 * What became of a confirmation. 'done': the server answered and booked it (whatever the chain
 * later said), so the form starts over. 'refused': the server said no (expired quote, too
 * little balance), so ask for a new quote. 'retry': no answer came (network, server error), so
 * the same quote and idempotency key may be sent again. The app's transaction flow answers it.
 */
export type ConfirmOutcome = 'done' | 'refused' | 'retry';

export type QuoteConfirmation<Quote> = { quote: Quote; idempotencyKey: string };

type Options<Quote> = {
  /** Asks the server for a quote of what the form holds now. */
  requestQuote: () => Promise<Quote>;
  /** Books the quote (through the transaction modal) and says how it went. */
  onConfirm: (confirmation: QuoteConfirmation<Quote>) => Promise<ConfirmOutcome>;
  /** The confirmation was booked: the form starts over. */
  onDone: () => void;
  /**
   * Reads again what the form checks the quote against (balances, a group's terms), after a
   * booked or refused confirmation. Not needed where the transaction flow already does (the USDT
   * balance).
   */
  refreshBalances?: () => void;
  /**
   * What one confirmation attempt is (its Idempotency-Key follows it): the quote's id by default.
   * A quote without an id (a remittance without a round-up holds no price) names it from the
   * request instead.
   */
  intentOf?: (quote: Quote) => string;
};

/**
 * A quote shown before anything moves, then confirmed (every product that books at a quoted
 * price: Convert, GAE and GAEX purchases, gifts, remittances, redemptions, ...): the quote
 * with its validity counted down, one Idempotency-Key per confirmation attempt, and what each
 * outcome does next. 'done': the form starts over. 'refused' (expired or used quote, moved price):
 * nothing moved and the transaction modal says a new quote is on screen, so one is asked for at
 * once, against balances read again. 'retry' (no answer): the same quote and key stay, to be sent
 * again.
 */
export function useQuoteConfirmation<Quote extends { quoteId: string | null }>({
  requestQuote,
  onConfirm,
  onDone,
  refreshBalances,
  intentOf = (quote) => quote.quoteId ?? '',
}: Options<Quote>) {
  // validUntil null: nothing in the quote expires (no price is held).
  const [quote, setQuote] = useState<(Quote & { validUntil: number | null }) | null>(null);
  const [quoteError, setQuoteError] = useState<unknown>(null);
  const [quoting, setQuoting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const keys = useIdempotencyKeys();
  const secondsLeft = useCountdown(quote?.validUntil ?? null);
  const expired = quote?.validUntil != null && secondsLeft === 0;

  const ask = async () => {
    setQuoting(true);
    setQuoteError(null);
    // The validity runs from the moment of asking: a slow answer must not look fresher than it is.
    const requestedAt = Date.now();
    try {
      const answer = await requestQuote();
      setQuote({ ...answer, validUntil: answer.quoteId === null ? null : requestedAt + QUOTE_TTL_MS });
    } catch (error) {
      setQuote(null);
      setQuoteError(error);
    } finally {
      setQuoting(false);
    }
  };

  const confirm = async () => {
    if (!quote || expired) return;
    setConfirming(true);
    const intent = intentOf(quote);
    let outcome: ConfirmOutcome;
    try {
      outcome = await onConfirm({ quote, idempotencyKey: keys.keyFor(intent) });
    } catch {
      // An answer nobody read: whether it was booked is unknown, so quote and key stay for a retry.
      outcome = 'retry';
    } finally {
      setConfirming(false);
    }
    if (outcome === 'retry') return;
    keys.forget(intent);
    setQuote(null);
    refreshBalances?.();
    if (outcome === 'done') onDone();
    else await ask();
  };

  /** What the form holds changed: the quote on screen, or its refusal, no longer applies. */
  const reset = () => {
    setQuote(null);
    setQuoteError(null);
  };

  return { quote, quoteError, secondsLeft, expired, quoting, confirming, ask, confirm, reset };
}
