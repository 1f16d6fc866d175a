import { Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { AuthCard } from '@/components/ui/auth-card';
import { EmailVerification } from '@/features/auth/components/email-verification';
import { ResendVerificationForm } from '@/features/auth/components/resend-verification-form';

/** /Email-Verification/{token?}: spends the e-mailed token, or offers to send a new link. */
export function EmailVerificationRoute() {
  const { token } = useParams();
  return (
    <AuthCard title="E-mail verification">
      {token ? (
        <EmailVerification key={token} token={token} />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Enter the e-mail address you registered with and we will send you a new verification link.
          </Text>
          <ResendVerificationForm />
        </Stack>
      )}
    </AuthCard>
  );
}
