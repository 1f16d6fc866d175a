import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mantine/core';
import { resetPasswordRequestSchema } from '@qmgt/contracts';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { paths } from '@/config/paths';
import { resetPasswordMutation } from '../api/auth-api';
import { NewPasswordFields } from './new-password-fields';

type ResetPasswordFormProps = {
  token: string;
  /** The server ends every session on reset; the app clears this browser's too. */
  onReset?: () => void;
};

/** A new password from the e-mailed reset link (/Change-Password/{resetToken}). */
export function ResetPasswordForm({ token, onReset }: ResetPasswordFormProps) {
  const reset = useMutation(resetPasswordMutation());
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
        <NewPasswordFields
          password={form.register('password')}
          confirmation={form.register('passwordConfirmation')}
          errors={{ password: errors.password?.message, confirmation: errors.passwordConfirmation?.message }}
        />
        <Button type="submit" fullWidth loading={reset.isPending}>
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
