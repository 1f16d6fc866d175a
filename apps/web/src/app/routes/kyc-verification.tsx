import { Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ScreenTitle } from '@/components/ui/screen-title';
import { paths } from '@/config/paths';
import { authKeys } from '@/features/auth/api/query-keys';
import type { KycSubject } from '@/features/kyc/api/query-keys';
import { KycVerificationFlow } from '@/features/kyc/components/verification/kyc-verification-flow';
import { useSessionStore } from '@/lib/session-store';
import type { SignInRedirectState } from '../guards/require-auth';

/**
 * /kyc-verification, public and private: the signed-in client's identity check, or a second
 * device's (the `uid` hand-off token from 'Continue on your phone', no session needed).
 */
export function KycVerificationRoute() {
  const [searchParams] = useSearchParams();
  const uid = searchParams.get('uid')?.trim() || null;
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  const queryClient = useQueryClient();

  const subject = useMemo<KycSubject | null>(
    () => (uid ? { kind: 'handoff', uid } : isAuthenticated ? { kind: 'self' } : null),
    [uid, isAuthenticated],
  );

  // The status was mirrored into the store already; the full client record follows.
  const refreshClient = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: authKeys.info() });
  }, [queryClient]);

  return (
    // One step at a time needs no more width than this: centred on a wide screen.
    <Container size={760} p={0}>
      <ScreenTitle>KYC Verification</ScreenTitle>
      {subject ? (
        <KycVerificationFlow
          key={subject.kind === 'self' ? 'self' : subject.uid}
          subject={subject}
          onKycStatusChange={refreshClient}
        />
      ) : (
        <GuestExplanation />
      )}
    </Container>
  );
}

function GuestExplanation() {
  const state: SignInRedirectState = { from: paths.kycVerification.to() };
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640}>
      <Stack gap="md">
        <Title order={2} size="h4">
          Log in to verify your identity
        </Title>
        <Text size="sm">
          Identity verification belongs to your account. Log in on this device to start it, or, on the device where you
          are signed in, choose &lsquo;Continue on your phone&rsquo; and open that link here.
        </Text>
        <Group>
          <Button component={Link} to={paths.signIn.to()} state={state}>
            Log in
          </Button>
          <Anchor component={Link} to={paths.signUp.to()} size="sm">
            Create an account
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
