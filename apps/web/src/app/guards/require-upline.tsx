import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { ScreenTitle } from '@/components/ui/screen-title';
import { paths } from '@/config/paths';
import { useHasUpline } from '@/features/referrals/api/growth-api';

/**
 * SPEC.md section 5: the staking page renders only if the upline check returns true. Without
 * one, the customer is told why instead of meeting a blank page (issue 23); the staking screen
 * and its calls stay behind the check.
 */
export function RequireUpline() {
  const { hasUpline, isPending, isError } = useHasUpline(true);
  if (hasUpline) return <Outlet />;
  if (isPending)
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Checking whether staking is open to you" />
      </Group>
    );
  return (
    <>
      <ScreenTitle>Staking</ScreenTitle>
      <Alert color={isError ? 'red' : 'blue'} variant="light" maw={640}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {isError
              ? 'We could not check whether staking is open to you. Reload the page to try again.'
              : 'QMGT+ staking is open to customers who joined through a referral link. Your account was opened without one, so staking is not available to it; your wallet, gold plans and group savings are.'}
          </Text>
          <Button component={Link} to={paths.dashboard.to()} size="xs" variant="light">
            Back to the dashboard
          </Button>
        </Stack>
      </Alert>
    </>
  );
}
