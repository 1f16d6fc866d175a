import { Button, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { AuthCard } from '@/components/ui/auth-card';
import { paths } from '@/config/paths';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useSessionStore } from '@/lib/session-store';

/**
 * /Change-Password/{resetToken?}: with a token, the e-mailed reset; without one, a signed-in
 * client changes their password, and a guest is pointed to the reset request.
 */
export function ChangePasswordRoute() {
  const { resetToken } = useParams();
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  const endLocalSession = useSessionStore((s) => s.logout);

  if (resetToken) {
    return (
      <AuthCard title="Choose a new password">
        <ResetPasswordForm
          key={resetToken}
          token={resetToken}
          onReset={isAuthenticated ? endLocalSession : undefined}
        />
      </AuthCard>
    );
  }

  if (isAuthenticated) {
    return (
      <AuthCard title="Change password" subtitle="Your other sessions end when the password changes.">
        <ChangePasswordForm />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Change password">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Forgot your password? Request a reset link and open it from your inbox.
        </Text>
        <Button component={Link} to={paths.forgotPassword.to()} fullWidth>
          Request a reset link
        </Button>
      </Stack>
    </AuthCard>
  );
}
