import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { selectKycStatus, useSessionStore } from '@/lib/session-store';

/** Money moves only for KYC-verified clients: what the others see instead of a quote. */
export function KycTradeNotice() {
  const status = useSessionStore(selectKycStatus);

  if (status === 'Pending') {
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconShieldCheck size={18} aria-hidden />}
        title="Your identity check is being reviewed"
      >
        <Text size="sm">You can swap as soon as your identity verification (KYC) is approved.</Text>
      </Alert>
    );
  }

  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconShieldCheck size={18} aria-hidden />}
      title="Verify your identity to swap"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {status === 'Rejected'
            ? 'Your identity verification was not approved. Check what to change and try again to use your wallet.'
            : 'Complete your identity verification (KYC) to use your wallet. It takes a few minutes.'}
        </Text>
        <Button component={Link} to={paths.kycVerification.to()} size="xs" variant="light">
          {status === 'Rejected' ? 'See my verification' : 'Verify my identity'}
        </Button>
      </Stack>
    </Alert>
  );
}
