import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ResendVerificationForm } from './resend-verification-form';

/** After registration: the account waits for its e-mail link. */
export function CheckInbox({ email, mailboxLink }: { email: string; mailboxLink?: string }) {
  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" icon={<IconMailCheck aria-hidden />} title="Check your inbox" role="status">
        <Text size="sm">
          We sent a verification link to <strong>{email}</strong>. Open it to activate your account, then log in. If
          this address already has an account, or the username was taken, the message says so instead.
        </Text>
      </Alert>
      {mailboxLink ? (
        <Button component={Link} to={`${mailboxLink}?to=${encodeURIComponent(email)}`} variant="outline">
          Open the sandbox mailbox
        </Button>
      ) : null}
      <ResendVerificationForm email={email} />
      <Text size="sm" ta="center" c="dimmed">
        Verified already?{' '}
        <Anchor component={Link} to={paths.signIn.to()}>
          Log in
        </Anchor>
      </Text>
    </Stack>
  );
}
