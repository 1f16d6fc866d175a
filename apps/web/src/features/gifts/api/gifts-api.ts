import {
  apiPaths,
  giftQuoteSchema,
  giftResponseSchema,
  giftsResponseSchema,
  type GiftQuoteRequest,
} from '@qmgt/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/* Gift gold (DESIGN.md section 11): the quote, the gift, and the gifts sent and received. */

export const giftKeys = {
  all: ['gifts'] as const,
};

export const requestGiftQuote = (request: GiftQuoteRequest) =>
  apiRequest(apiPaths.giftQuote, { method: 'POST', body: request, schema: giftQuoteSchema });

/** The same Idempotency-Key again (a retry after no answer) gets the first gift, not a second. */
export const sendGift = (quoteId: string, idempotencyKey: string) =>
  apiRequest(apiPaths.gifts, {
    method: 'POST',
    body: { quoteId },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: giftResponseSchema,
  });

/** GET /gifts, a page at a time by key. */
export const giftsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: giftKeys.all,
    queryFn: ({ signal, pageParam }) =>
      apiRequest(apiPaths.gifts, { schema: giftsResponseSchema, query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
