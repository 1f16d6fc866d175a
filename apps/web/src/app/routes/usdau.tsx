import { Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ScreenSection, ScreenTitle } from '@/components/ui/screen-title';
import { balancesQueryOptions, gaePlanQueryOptions, goldKeys } from '@/features/gold/api/gold-api';
import { UsdauQueue } from '@/features/usdau/components/usdau-queue';
import { UsdauRequestForm } from '@/features/usdau/components/usdau-request-form';
import { UsdauRequests } from '@/features/usdau/components/usdau-requests';

/* USDAU (DESIGN.md section 8): grams of the gold savings account paid out as USDAU after an operator's approval. */

/**
 * /request-external-usdau: the request form, then the customer's requests followed to the chain.
 * The grams come from the gold savings account: its balance and buy-back price are the gold
 * feature's, read here and handed to the form.
 */
export function UsdauRequestRoute() {
  const queryClient = useQueryClient();
  const balances = useQuery(balancesQueryOptions());
  const plan = useQuery(gaePlanQueryOptions());
  const refreshGoldBalance = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: goldKeys.balances() }),
    [queryClient],
  );
  return (
    <>
      <ScreenTitle>USDAU Request External</ScreenTitle>
      <Stack gap="xl">
        <UsdauRequestForm
          availableGrams={balances.data?.GOLD.available}
          buyBackPrice={plan.data?.price.sell}
          onRequestSettled={refreshGoldBalance}
        />
        <ScreenSection title="Your requests">
          <UsdauRequests />
        </ScreenSection>
      </Stack>
    </>
  );
}

/** /admin/usdau-requests (operators). */
export function AdminUsdauRoute() {
  return (
    <>
      <ScreenTitle>USDAU Requests</ScreenTitle>
      <Text c="dimmed" mt={-12} mb="lg" maw={720}>
        Approving sends the USDAU shown to the customer&apos;s address on chain; rejecting returns the grams to their
        gold savings account. Check the address before approving: a transfer cannot be called back. The customer is
        e-mailed either way, and every decision is recorded with your name.
      </Text>
      <UsdauQueue />
    </>
  );
}
