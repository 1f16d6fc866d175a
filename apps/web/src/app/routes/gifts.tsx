import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ScreenSection, ScreenTitle } from '@/components/ui/screen-title';
import { balancesQueryOptions } from '@/features/gold/api/gold-api';
import { sendGift } from '@/features/gifts/api/gifts-api';
import { GiftForm, giftOutcome, giftProgress, type GiftConfirmation } from '@/features/gifts/components/gift-form';
import { GiftsList } from '@/features/gifts/components/gifts-list';
import { selectIsKycVerified, useSessionStore } from '@/lib/session-store';
import { KycTradeNotice } from '../money/kyc-trade-notice';
import { useTransactionFlow } from '../money/use-transaction-flow';

/* Gift gold (issue 26): the gift form and the gifts sent and received. */

/** /gifts. The list shows before verification too: a gift waiting for the customer's address. */
export function GiftsRoute() {
  const verified = useSessionStore(selectIsKycVerified);
  const runTransaction = useTransactionFlow();
  const balances = useQuery({ ...balancesQueryOptions(), enabled: verified });
  const confirm = useCallback(
    (confirmation: GiftConfirmation) =>
      runTransaction({
        action: 'gift',
        submit: () => sendGift(confirmation.quote.quoteId, confirmation.idempotencyKey),
        description: giftProgress(confirmation),
        outcome: () => giftOutcome(confirmation),
      }),
    [runTransaction],
  );
  return (
    <>
      <ScreenTitle>Gift Gold</ScreenTitle>
      <Stack gap="xl">
        {verified ? <GiftForm onConfirm={confirm} available={balances.data?.GOLD.available} /> : <KycTradeNotice />}
        <ScreenSection title="Your gifts">
          <GiftsList />
        </ScreenSection>
      </Stack>
    </>
  );
}
