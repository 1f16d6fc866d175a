import { Alert, Stack } from '@mantine/core';
import { useCallback } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ScreenSection, ScreenTitle } from '@/components/ui/screen-title';
import { remit } from '@/features/payments/api/payments-api';
import { PaymentsAdmin, RemittancesAdmin } from '@/features/payments/components/payments-admin';
import { PaymentStatus } from '@/features/payments/components/payment-status';
import { PaymentsList } from '@/features/payments/components/payments-list';
import { RemitForm, type RemitConfirmation } from '@/features/payments/components/remit-form';
import { remitOutcome, remitProgress } from '@/features/payments/remit-outcome';
import { RemittancesList } from '@/features/payments/components/remittances-list';
import { SandboxCheckout } from '@/features/payments/components/sandbox-checkout';
import { SpendToSaveForm } from '@/features/payments/components/spend-to-save-form';
import { useBalance } from '@/features/wallet/api/get-balance';
import { selectIsKycVerified, useSessionStore } from '@/lib/session-store';
import { KycTradeNotice } from '../money/kyc-trade-notice';
import { useRefreshMoney } from '../money/use-refresh-money';
import { useTransactionFlow } from '../money/use-transaction-flow';

/* Gold Convert services (issue 12): Spend To Save, its payment page, the sandbox checkout, Remit to save. */

/** /payment (Spend To Save). */
export function SpendToSaveRoute() {
  const verified = useSessionStore(selectIsKycVerified);
  return (
    <>
      <ScreenTitle>Spend To Save</ScreenTitle>
      <Stack gap="xl">
        {verified ? <SpendToSaveForm /> : <KycTradeNotice />}
        <ScreenSection title="Your payments">{verified ? <PaymentsList /> : null}</ScreenSection>
      </Stack>
    </>
  );
}

/** /payment-success?paymentId=… (and &cancelled=1 from the checkout's cancel link). */
export function PaymentSuccessRoute() {
  const [search] = useSearchParams();
  const paymentId = search.get('paymentId');
  const refreshMoney = useRefreshMoney();
  const credited = useCallback(() => refreshMoney('spend-to-save'), [refreshMoney]);
  return (
    <>
      <ScreenTitle>Spend To Save Payment</ScreenTitle>
      {paymentId ? (
        <PaymentStatus
          key={paymentId}
          paymentId={paymentId}
          cancelled={search.get('cancelled') === '1'}
          onCredited={credited}
        />
      ) : (
        <Alert color="orange">No payment is named here. Start from Spend To Save.</Alert>
      )}
    </>
  );
}

/** /sandbox-checkout/{sessionId}: the sandbox gateway's page. */
export function SandboxCheckoutRoute() {
  const { sessionId = '' } = useParams();
  return (
    <>
      <ScreenTitle>Checkout</ScreenTitle>
      <SandboxCheckout sessionId={sessionId} />
    </>
  );
}

/** /remit-to-save. */
export function RemitToSaveRoute() {
  const verified = useSessionStore(selectIsKycVerified);
  const runTransaction = useTransactionFlow();
  const balance = useBalance({ enabled: verified });
  const confirm = useCallback(
    ({ request, quote, idempotencyKey }: RemitConfirmation) =>
      runTransaction({
        action: 'remit',
        submit: () => remit(request, idempotencyKey),
        description: remitProgress(quote),
        outcome: (settled) => remitOutcome(quote, settled),
      }),
    [runTransaction],
  );
  return (
    <>
      <ScreenTitle>Remit to Save</ScreenTitle>
      <Stack gap="xl">
        {verified ? <RemitForm onConfirm={confirm} available={balance.data?.usdt} /> : <KycTradeNotice />}
        {verified ? (
          <ScreenSection title="Remittances">
            <RemittancesList />
          </ScreenSection>
        ) : null}
      </Stack>
    </>
  );
}

/** /admin/payments (operators): Spend To Save payments and remittances. */
export function AdminPaymentsRoute() {
  return (
    <>
      <ScreenTitle>Payments and Remittances</ScreenTitle>
      <Stack gap="xl">
        <ScreenSection title="Spend To Save payments">
          <PaymentsAdmin />
        </ScreenSection>
        <ScreenSection title="Remittances">
          <RemittancesAdmin />
        </ScreenSection>
      </Stack>
    </>
  );
}
