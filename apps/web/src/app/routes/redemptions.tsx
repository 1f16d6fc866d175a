import { Stack, Tabs, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { SectionCard } from '@/components/ui/section-card';
import { ScreenSection, ScreenTitle } from '@/components/ui/screen-title';
import { balancesQueryOptions, goldKeys } from '@/features/gold/api/gold-api';
import { AdminCatalogue } from '@/features/redemptions/components/admin-catalogue';
import { MyRedemptions } from '@/features/redemptions/components/my-redemptions';
import { RedeemForm } from '@/features/redemptions/components/redeem-form';
import { RedemptionFulfilment } from '@/features/redemptions/components/redemption-fulfilment';
import { RedemptionQueue } from '@/features/redemptions/components/redemption-queue';

/* Physical redemption (DESIGN.md section 11): grams of the gold savings account delivered as coins and bars. */

/**
 * /redemptions: the catalogue with a quote and the delivery address, then "My redemptions" with
 * each one's steps. The grams come from the gold savings account: its balance is the gold
 * feature's, read here and handed to the form.
 */
export function RedemptionsRoute() {
  const queryClient = useQueryClient();
  const balances = useQuery(balancesQueryOptions());
  const refreshGoldBalance = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: goldKeys.balances() }),
    [queryClient],
  );
  return (
    <>
      <ScreenTitle>Physical Redemption</ScreenTitle>
      <Stack gap="xl">
        <SectionCard title="Redeem grams for a coin or bar">
          <Text size="sm" c="dimmed">
            The fine gold and the making and delivery fees are taken in grams from your gold savings account, at the
            gold price of your quote. The grams are locked until an operator approves and ships your order; you can
            cancel until it is approved.
          </Text>
          <RedeemForm availableGrams={balances.data?.GOLD.available} onRequested={refreshGoldBalance} />
        </SectionCard>
        <ScreenSection title="My redemptions">
          <MyRedemptions onChanged={refreshGoldBalance} />
        </ScreenSection>
      </Stack>
    </>
  );
}

/** /admin/redemptions (operators): the requests to decide, the orders to ship and deliver, and the catalogue. */
export function AdminRedemptionsRoute() {
  return (
    <>
      <ScreenTitle>Redemptions</ScreenTitle>
      <Text c="dimmed" mt={-12} mb="lg" maw={760}>
        Approving keeps the customer&apos;s grams locked while you prepare the order; rejecting returns them. Ship with
        the carrier and tracking number, then mark it delivered: the fine grams then leave the customer&apos;s balance
        and the vault bar. The customer is notified at every step and every step is recorded with your name.
      </Text>
      <Tabs defaultValue="queue" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="queue">Requests</Tabs.Tab>
          <Tabs.Tab value="fulfilment">Ship and deliver</Tabs.Tab>
          <Tabs.Tab value="catalogue">Catalogue</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="queue">
          <RedemptionQueue />
        </Tabs.Panel>
        <Tabs.Panel value="fulfilment">
          <RedemptionFulfilment />
        </Tabs.Panel>
        <Tabs.Panel value="catalogue">
          <AdminCatalogue />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
