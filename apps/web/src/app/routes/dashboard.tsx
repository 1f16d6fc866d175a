import { Anchor, Button, Grid, Group, Stack } from '@mantine/core';
import { IconCoin, IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ScreenTitle } from '@/components/ui/screen-title';
import { SectionCard } from '@/components/ui/section-card';
import { paths } from '@/config/paths';
import { GoldHoldings } from '@/features/gold/components/gold-holdings';
import { RecentActivity } from '@/features/transactions/components/recent-activity';
import { BalanceSummary } from '@/features/wallet/components/balance-summary';
import { GoldPriceCard } from '@/features/wallet/components/gold-price-card';
import { PriceAlertsCard } from '@/features/notifications/components/price-alerts';
import { useSessionStore } from '@/lib/session-store';
import { swapPreset } from '../money/swap-preset';

/** /dashboard (KYC verified): balances and their USD value, the gold price and chart, recent activity. */
export function DashboardRoute() {
  const setWalletOpen = useSessionStore((s) => s.setWalletOpen);

  return (
    <>
      <ScreenTitle>Dashboard</ScreenTitle>
      <Stack gap="lg" maw={1200}>
        <Grid gutter="lg" align="stretch">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <BalanceSummary
              actions={
                <Group gap="xs" grow>
                  <Button
                    component={Link}
                    to={paths.home.to()}
                    state={swapPreset('buy')}
                    leftSection={<IconCoin size={16} aria-hidden />}
                  >
                    Buy QMGT
                  </Button>
                  <Button
                    variant="default"
                    onClick={() => setWalletOpen(true)}
                    leftSection={<IconWallet size={16} aria-hidden />}
                  >
                    Deposit
                  </Button>
                </Group>
              }
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <GoldPriceCard />
              <PriceAlertsCard />
            </Stack>
          </Grid.Col>
        </Grid>
        <GoldHoldings />
        <SectionCard
          title="Recent activity"
          titleId="recent-activity-title"
          gap="sm"
          action={
            <Anchor component={Link} to={paths.transactions.to()} size="sm">
              All transactions
            </Anchor>
          }
        >
          <RecentActivity />
        </SectionCard>
      </Stack>
    </>
  );
}
