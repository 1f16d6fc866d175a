import {
  apiPaths,
  giftQuoteSchema,
  giftResponseSchema,
  giftsResponseSchema,
  type GiftQuoteRequest,
} from '@qmgt/contracts';
import { apiRequest } from '@/lib/api-client';
import { pagedQueryOptions } from '@/lib/paged-query';
import { giftKeys } from './query-keys';

export { giftKeys };

/* Gift gold (DESIGN.md section 11): the quote, the gift, and the gifts sent and received. */

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
  pagedQueryOptions({
    queryKey: giftKeys.all,
    path: apiPaths.gifts,
    schema: giftsResponseSchema,
  });
