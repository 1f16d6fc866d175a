import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { GaeKind } from '@qmgt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ScreenSection, ScreenTitle } from '@/components/ui/screen-title';
import { paths } from '@/config/paths';
import { executeConvert, gaePlanQueryOptions, purchaseGae } from '@/features/gold/api/gold-api';
import { ConvertForm, type ConvertConfirmation } from '@/features/gold/components/convert-form';
import { GaePurchaseForm, type GaeConfirmation } from '@/features/gold/components/gae-purchase-form';
import { PlanOverview } from '@/features/gold/components/plan-overview';
import { StatementPdf } from '@/features/gold/components/statement-pdf';
import { StatementView } from '@/features/gold/components/statement-view';
import { TerminationForm } from '@/features/gold/components/termination-form';
import { TerminationQueue } from '@/features/gold/components/termination-queue';
import { TerminationStatus } from '@/features/gold/components/termination-status';
import { MyBars } from '@/features/gold/components/my-bars';
import { ReservesView } from '@/features/gold/components/reserves-view';
import { VaultBarsAdmin } from '@/features/gold/components/vault-bars-admin';
import { TransactionHistory } from '@/features/transactions/components/transaction-history';
import { useSandboxMode } from '@/features/sandbox/api/sandbox-api';
import { useBalance } from '@/features/wallet/api/get-balance';
import { useFaucetDeposit } from '@/features/wallet/hooks/use-faucet-deposit';
import { formatGrams, formatMoney, parseAmount } from '@/lib/money';
import { selectIsKycVerified, useSessionStore } from '@/lib/session-store';
import { KycTradeNotice } from '../money/kyc-trade-notice';
import { useRefreshMoney } from '../money/use-refresh-money';
import { useTransactionFlow } from '../money/use-transaction-flow';
import { HistoryNav } from './transactions';

/* The gold savings screens (issue 9): the GAE plan, purchases, statement, PDF, termination, Convert. */

/** Money moves for KYC-verified customers only: the others are shown what to do first. */
function VerifiedOnly({ children }: { children: React.ReactNode }) {
  const verified = useSessionStore(selectIsKycVerified);
  return verified ? <>{children}</> : <KycTradeNotice />;
}

/** /GAE/Purchase: the plan overview. */
export function GaePlanRoute() {
  return (
    <>
      <ScreenTitle>GAE Purchase</ScreenTitle>
      <VerifiedOnly>
        <PlanOverview />
      </VerifiedOnly>
    </>
  );
}

const DEPOSIT_POLL_MS = 1_000;

/**
 * Sandbox only, on an empty wallet: test USDT in one tap right above the purchase (issue 23),
 * followed until the deposit watcher has credited it. The wallet panel keeps the amount choice.
 */
function EmptyWalletFaucet({ usdt }: { usdt: string | undefined }) {
  const sandbox = useSandboxMode() === 'sandbox';
  const faucet = useFaucetDeposit({ usdt });
  useBalance({ enabled: faucet.polling, refetchInterval: faucet.polling ? DEPOSIT_POLL_MS : false });
  const { progress } = faucet;
  const empty = parseAmount(usdt, 'USDT') === 0n;
  if (!sandbox || (!empty && progress.phase === 'idle')) return null;
  return (
    <Alert color="blue" variant="light" title="Your wallet is empty" maw={560} role="status">
      {progress.phase === 'credited' ? (
        <Text size="sm">Deposit credited: {progress.amount} test USDT. Choose your amount below.</Text>
      ) : progress.phase === 'minting' || progress.phase === 'waiting' ? (
        <Text size="sm">
          Sending {progress.amount} test USDT to your address… waiting for the deposit to be credited.
        </Text>
      ) : (
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            {progress.phase === 'error' ? progress.message : 'This is the sandbox: get test USDT to try a purchase.'}
          </Text>
          <Button size="xs" onClick={() => void faucet.start()}>
            Get test USDT
          </Button>
        </Group>
      )}
    </Alert>
  );
}

/** /purchase-gae and /purchase-gae-extra: a GAE purchase or a GAEX top-up through the transaction modal. */
export function PurchaseGaeRoute({ kind }: { kind: GaeKind }) {
  const balance = useBalance();
  const plan = useQuery(gaePlanQueryOptions());
  // Before a first purchase there is no plan to go back to: the purchase is what opens it.
  const planOpen = plan.data?.plan != null && plan.data.plan.status !== 'terminated';
  const runTransaction = useTransactionFlow();
  const confirm = useCallback(
    ({ quote, idempotencyKey }: GaeConfirmation) =>
      runTransaction({
        action: 'gae-purchase',
        submit: () => purchaseGae(quote.quoteId, idempotencyKey),
        description: `Buying ${formatGrams(quote.grams)} of gold for ${formatMoney(quote.amountUsdt, 'USDT')}.`,
        next: [
          { label: 'Go to dashboard', to: paths.dashboard.to() },
          { label: planOpen ? 'See your GAE plan' : 'See your new GAE plan', to: paths.gaePurchase.to() },
        ],
      }),
    [runTransaction, planOpen],
  );
  return (
    <>
      <ScreenTitle>{kind === 'GAE' ? 'Purchase GAE' : 'Purchase GAE Extra'}</ScreenTitle>
      <VerifiedOnly>
        <Stack gap="md">
          <EmptyWalletFaucet usdt={balance.data?.usdt} />
          <GaePurchaseForm key={kind} kind={kind} availableUsdt={balance.data?.usdt} onConfirm={confirm} />
          {planOpen ? (
            <Anchor component={Link} to={paths.gaePurchase.to()} size="sm">
              Back to your GAE plan
            </Anchor>
          ) : null}
        </Stack>
      </VerifiedOnly>
    </>
  );
}

/** /GAE/Account-Statement. */
export function GaeStatementRoute() {
  return (
    <>
      <ScreenTitle>GAE Account Statement</ScreenTitle>
      <VerifiedOnly>
        <StatementView initialRange={{ from: '', to: '' }} />
      </VerifiedOnly>
    </>
  );
}

/** /pdf?from=&to=: the statement as a PDF. */
export function StatementPdfRoute() {
  const [search] = useSearchParams();
  return (
    <>
      <ScreenTitle>Account Statement PDF</ScreenTitle>
      <StatementPdf
        range={{
          from: search.get('from') ?? '',
          to: search.get('to') ?? '',
          cursor: search.get('cursor') ?? undefined,
        }}
      />
    </>
  );
}

/** /termination. */
export function TerminationRoute() {
  const navigate = useNavigate();
  return (
    <>
      <ScreenTitle>GAE Termination</ScreenTitle>
      <VerifiedOnly>
        <TerminationForm
          onFiled={(termination, shown) =>
            void navigate(paths.terminationSummary.to(termination.id), { state: { shownRefund: shown.refund } })
          }
        />
      </VerifiedOnly>
    </>
  );
}

/** /termination-summary/{id}. */
export function TerminationSummaryRoute() {
  const { id = '' } = useParams();
  // The refund the customer confirmed, when they come from the form (see TerminationStatus).
  const shown = (useLocation().state as { shownRefund?: unknown } | null)?.shownRefund;
  const refreshMoney = useRefreshMoney();
  return (
    <>
      <ScreenTitle>Termination Summary</ScreenTitle>
      <TerminationStatus
        id={id}
        shownRefund={typeof shown === 'string' ? shown : undefined}
        onWithdrawn={() => refreshMoney('termination-withdraw')}
      />
    </>
  );
}

/** /transactions-convert: Convert on top, its history below. */
export function ConvertRoute() {
  const runTransaction = useTransactionFlow();
  const confirm = useCallback(
    ({ quote, idempotencyKey }: ConvertConfirmation) =>
      runTransaction({
        action: 'convert',
        submit: () => executeConvert(quote.quoteId, idempotencyKey),
        description: `Converting ${formatMoney(quote.amountIn, quote.from)} into ${quote.to === 'GOLD' ? 'grams' : 'QMGT'}.`,
      }),
    [runTransaction],
  );
  return (
    <>
      <ScreenTitle>Convert Transactions</ScreenTitle>
      <Stack gap="xl">
        <ConvertForm onConfirm={confirm} />
        <ScreenSection title="History">
          <HistoryNav />
          <TransactionHistory type="CONVERT" label="Convert transactions" />
        </ScreenSection>
      </Stack>
    </>
  );
}

/** /admin/terminations (operators). */
export function AdminTerminationsRoute() {
  return (
    <>
      <ScreenTitle>GAE Terminations</ScreenTitle>
      <Text c="dimmed" mt={-12} mb="lg" maw={720}>
        Approving pays the refund shown and closes the plan; rejecting returns the grams to the plan. The customer is
        e-mailed either way, and every decision is recorded with your name.
      </Text>
      <TerminationQueue />
    </>
  );
}

/** /admin/vault-bars (operators): the bar list the proof of reserves counts. */
export function AdminVaultBarsRoute() {
  return (
    <>
      <ScreenTitle>Vault Bars</ScreenTitle>
      <Text c="dimmed" mt={-12} mb="lg" maw={720}>
        Every bar held for customers, as the vault&apos;s bar list shows it. The public{' '}
        <Anchor component={Link} to={paths.proofOfReserves.to()}>
          proof of reserves
        </Anchor>{' '}
        counts these bars against the gold owed; each change is recorded with your name.
      </Text>
      <VaultBarsAdmin />
    </>
  );
}

/** /proof-of-reserves (public). */
export function ProofOfReservesRoute() {
  return (
    <>
      <ScreenTitle>Proof of Reserves</ScreenTitle>
      <Text c="dimmed" mt={-12} mb="lg" maw={720}>
        Every QMGT and every gram saved with us is backed by fine gold in the vault. This page compares what we owe with
        the bars we hold, bar by bar, and the QMGT supply on chain with our ledger. Signed in, see{' '}
        <Anchor component={Link} to={paths.myBars.to()}>
          the bars behind your grams
        </Anchor>
        .
      </Text>
      <ReservesView />
    </>
  );
}

/** /proof-of-reserves/my-bars (signed in): the vault bars behind the customer's grams. */
export function MyBarsRoute() {
  return (
    <>
      <ScreenTitle>The bars behind my grams</ScreenTitle>
      <Text c="dimmed" mt={-12} mb="lg" maw={720}>
        Every gram we owe you is placed on a bar in the vault, in a fixed order, by the same rules for everyone. Here
        are those bars, your grams on each and your share of it. See the whole vault on the{' '}
        <Anchor component={Link} to={paths.proofOfReserves.to()}>
          proof of reserves
        </Anchor>
        .
      </Text>
      <MyBars />
    </>
  );
}
