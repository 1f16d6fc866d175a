import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { useSessionStore } from '@/lib/session-store';
import { verifyEmailMutation } from '../api/auth-api';
import { ResendVerificationForm } from './resend-verification-form';

const INVALID_LINK = 'This verification link is invalid or has expired.';

/**
 * Spends the e-mailed token once. The answer is a session: the customer is signed in and goes
 * straight on to the identity check, the next step (issue 23). A failure offers a new link.
 */
export function EmailVerification({ token }: { token: string }) {
  const verify = useMutation(verifyEmailMutation());
  const { mutate } = verify;
  const saveInfo = useSessionStore((s) => s.saveInfo);
  const navigate = useNavigate();
  // The token is single use: submit it once even if the effect runs twice (StrictMode).
  const submittedToken = useRef<string | null>(null);

  useEffect(() => {
    if (submittedToken.current === token) return;
    submittedToken.current = token;
    mutate({ verifyCode: token });
  }, [token, mutate]);

  const session = verify.data;
  useEffect(() => {
    if (!session) return;
    saveInfo(session);
    // The username says whose account this is, should someone open a link that is not theirs.
    notifySuccess(`Signed in as ${session.user.username}. Next: verify your identity.`, 'Your e-mail is verified');
    void navigate(paths.kycVerification.to(), { replace: true });
  }, [session, saveInfo, navigate]);

  // 409: the link was spent before and its account is verified (a second click, a preview).
  const alreadyVerified = verify.error instanceof ApiError && verify.error.status === 409;
  if (verify.isSuccess || alreadyVerified) {
    return (
      <Stack gap="md">
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck aria-hidden />}
          title={alreadyVerified ? 'Your e-mail is already verified' : 'Your e-mail is verified'}
          role="status"
        >
          {alreadyVerified
            ? 'This link was used before. You can log in to your account.'
            : 'You are signed in. Next: verify your identity.'}
        </Alert>
        {alreadyVerified ? (
          <Button component={Link} to={paths.signIn.to()} fullWidth>
            Log in
          </Button>
        ) : (
          <Button component={Link} to={paths.kycVerification.to()} fullWidth>
            Verify your identity
          </Button>
        )}
      </Stack>
    );
  }

  if (verify.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" title="Verification failed" role="alert">
          {errorMessage(verify.error, INVALID_LINK)}
        </Alert>
        <Text size="sm" c="dimmed">
          Enter your e-mail address to get a new verification link.
        </Text>
        <ResendVerificationForm />
      </Stack>
    );
  }

  return (
    <Stack align="center" gap="sm" py="lg" role="status" aria-live="polite">
      <Loader />
      <Text>Verifying your e-mail…</Text>
    </Stack>
  );
}
