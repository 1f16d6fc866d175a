import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { emailRequestSchema } from '@qmgt/contracts';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { paths } from '@/config/paths';
import { requestPasswordResetMutation } from '../api/auth-api';

/** The same words whether or not the address has an account, so the page reveals nothing. */
export const RESET_LINK_SENT = 'If an account exists for that address, we sent a link to reset your password.';

export function ForgotPasswordForm() {
  const requestReset = useMutation(requestPasswordResetMutation());
  const form = useForm<z.input<typeof emailRequestSchema>, unknown, z.output<typeof emailRequestSchema>>({
    resolver: zodResolver(emailRequestSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = form.handleSubmit((values) => requestReset.mutate(values));

  return (
    <Stack gap="lg">
      {requestReset.isSuccess ? (
        <Alert color="teal" variant="light" title="Check your inbox" role="status">
          {RESET_LINK_SENT}
        </Alert>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" fullWidth loading={requestReset.isPending}>
            Send reset link
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center" c="dimmed">
        Remembered it?{' '}
        <Anchor component={Link} to={paths.signIn.to()}>
          Log in
        </Anchor>
      </Text>
    </Stack>
  );
}
