import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { resetPasswordRequestSchema } from '@qmgt/contracts';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { paths } from '@/config/paths';
import { useResetPassword } from '../api/reset-password';

type ResetPasswordFormProps = {
  token: string;
  /** The server ends every session on reset; the app clears this browser's too. */
  onReset?: () => void;
};

/** A new password from the e-mailed reset link (/Change-Password/{resetToken}). */
export function ResetPasswordForm({ token, onReset }: ResetPasswordFormProps) {
  const reset = useResetPassword();
  const form = useForm<
    z.input<typeof resetPasswordRequestSchema>,
    unknown,
    z.output<typeof resetPasswordRequestSchema>
  >({
    resolver: zodResolver(resetPasswordRequestSchema),
    defaultValues: { token, password: '', passwordConfirmation: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => reset.mutate(values, { onSuccess: () => onReset?.() }));

  if (reset.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" title="Your password has been changed" role="status">
          Log in with your new password.
        </Alert>
        <Button component={Link} to={paths.signIn.to()} fullWidth>
          Log in
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {errors.token?.message ? (
          <Alert color="red" variant="light" role="alert">
            {errors.token.message}
          </Alert>
        ) : null}
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.passwordConfirmation?.message}
          {...form.register('passwordConfirmation')}
        />
        <Button type="submit" fullWidth loading={reset.isPending}>
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
