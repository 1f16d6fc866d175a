import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TransactionType } from '@qmgt/contracts';
import { IconCoin } from '@tabler/icons-react';
import { useCallback } from 'react';
import { Link, useLocation } from 'react-router';
import { ScreenTitle } from '@/components/ui/screen-title';
import { paths } from '@/config/paths';
import { PlanShortcut } from '@/features/gold/components/plan-shortcut';
import { sellToken } from '@/features/swap/api/swap-api';
import { SellTokenCard, type SellConfirmation } from '@/features/swap/components/sell-token-card';
import { TransactionHistory } from '@/features/transactions/components/transaction-history';
import { useBalance } from '@/features/wallet/api/get-balance';
import { formatMoney } from '@/lib/money';
import { selectIsKycVerified, useSessionStore } from '@/lib/session-store';
import { KycTradeNotice } from '../money/kyc-trade-notice';
import { swapPreset } from '../money/swap-preset';
import { useTransactionFlow } from '../money/use-transaction-flow';

/** The history pages of SPEC.md section 2: every transaction, and one page per type. */
const HISTORY_LINKS = [
  { to: paths.transactions.to(), label: 'All' },
  { to: paths.transactionsBuySell.to(), label: 'QMGT' },
  { to: paths.transactionsConvert.to(), label: 'Convert' },
  { to: paths.transactionsGae.to(), label: 'GAE' },
  { to: paths.transactionsGaex.to(), label: 'GAEX' },
  { to: paths.requestExternalUsdau.to(), label: 'USDAU' },
] as const;

export function HistoryNav() {
  const { pathname } = useLocation();
  return (
    <Group gap={6} component="nav" aria-label="Transaction types" mb="md">
      {HISTORY_LINKS.map((link) => {
        const current = pathname.toLowerCase() === link.to.toLowerCase();
        return (
          <Button
            key={link.to}
            component={Link}
            to={link.to}
            size="compact-sm"
            variant={current ? 'light' : 'subtle'}
            color={current ? 'gold' : 'gray'}
            aria-current={current ? 'page' : undefined}
          >
            {link.label}
          </Button>
        );
      })}
    </Group>
  );
}

type TransactionsRouteProps = { title: string; type?: TransactionType; label: string };

/** /transactions and the typed history pages: a paged list with its loading, empty and error states. */
export function TransactionsRoute({ title, type, label }: TransactionsRouteProps) {
  return (
    <>
      <ScreenTitle>{title}</ScreenTitle>
      <HistoryNav />
      <TransactionHistory key={type ?? 'ALL'} type={type} label={label} />
    </>
  );
}

/** /transactions-gae: the plan on top (the sidebar's GAE leads here), its purchases below. */
export function GaeTransactionsRoute() {
  return (
    <>
      <ScreenTitle>GAE Transactions</ScreenTitle>
      <Stack gap="xl" maw={1100}>
        <PlanShortcut />
        <div>
          <HistoryNav />
          <TransactionHistory type="GAE" label="GAE transactions" />
        </div>
      </Stack>
    </>
  );
}

/** /transactions-buysell: buying and selling QMGT, then their history. */
export function QmgtTransactionsRoute() {
  const canTrade = useSessionStore(selectIsKycVerified);
  const balance = useBalance();
  const runTransaction = useTransactionFlow();

  const sell = useCallback(
    ({ amount, quote, idempotencyKey }: SellConfirmation) =>
      runTransaction({
        action: 'sell',
        submit: () => sellToken({ amount, quoteId: quote.quoteId, idempotencyKey }),
        description: `Selling ${formatMoney(amount, 'QMGT')} for ${formatMoney(quote.amountOut, 'USDT')}.`,
      }),
    [runTransaction],
  );

  const buyButton = (
    <Button
      component={Link}
      to={paths.home.to()}
      state={swapPreset('buy')}
      leftSection={<IconCoin size={16} aria-hidden />}
    >
      Buy QMGT
    </Button>
  );

  return (
    <>
      <ScreenTitle>QMGT Transactions</ScreenTitle>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mb="xl" maw={1100}>
        <SellTokenCard
          available={balance.data?.qmgt}
          canTrade={canTrade}
          kycNotice={<KycTradeNotice />}
          onSell={sell}
        />
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="buy-qmgt-title">
          <Stack gap="sm" align="flex-start">
            <Title order={2} size="h4" id="buy-qmgt-title">
              Buy QMGT
            </Title>
            <Text size="sm" c="dimmed">
              Swap USDT for QMGT, each backed by one gram of gold. You see the price, the fee and what you receive
              before you confirm.
            </Text>
            {buyButton}
          </Stack>
        </Paper>
      </SimpleGrid>
      <Title order={2} size="h4" mb="sm">
        History
      </Title>
      <HistoryNav />
      <TransactionHistory type="QMGT" label="QMGT transactions" emptyAction={buyButton} />
    </>
  );
}
