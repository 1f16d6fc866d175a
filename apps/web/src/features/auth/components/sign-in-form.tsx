import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { loginRequestSchema } from '@qmgt/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { useLogin } from '../api/login';
import { ResendVerificationForm } from './resend-verification-form';

const looksLikeEmail = (identifier: string) => identifier.includes('@');

/**
 * Sign in with e-mail or username; the session goes into the store, and the route guards take
 * the client on. An unconfirmed e-mail gets a way to re-send its link.
 */
export function SignInForm() {
  const saveInfo = useSessionStore((s) => s.saveInfo);
  const login = useLogin();
  // The identifier the server refused as unconfirmed (403), if any.
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  // The server's words when too many failed sign-ins locked the account.
  const [locked, setLocked] = useState<string | null>(null);
  const form = useForm<z.input<typeof loginRequestSchema>, unknown, z.output<typeof loginRequestSchema>>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { identifier: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((credentials) => {
    setUnconfirmed(null);
    setLocked(null);
    login.mutate(credentials, {
      onSuccess: saveInfo,
      onError: (error) => {
        if (error instanceof ApiError && error.status === 403) setUnconfirmed(credentials.identifier);
        if (error instanceof ApiError && error.errorName === 'AccountLockedError') setLocked(error.message);
      },
    });
  });

  return (
    <Stack gap="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="E-mail or username"
            autoComplete="username"
            error={errors.identifier?.message}
            {...form.register('identifier')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.forgotPassword.to()} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending}>
            Log in
          </Button>
        </Stack>
      </form>

      {locked !== null ? (
        <Alert color="red" variant="light" title="Account locked">
          <Stack gap="sm">
            <Text size="sm">{locked}</Text>
            <Anchor component={Link} to={paths.forgotPassword.to()} size="sm">
              Reset your password
            </Anchor>
          </Stack>
        </Alert>
      ) : null}

      {unconfirmed !== null ? (
        <Alert color="yellow" variant="light" title="E-mail not verified">
          <Stack gap="sm">
            <Text size="sm">Open the link we e-mailed you to verify your address, or get a new one.</Text>
            <ResendVerificationForm key={unconfirmed} email={looksLikeEmail(unconfirmed) ? unconfirmed : undefined} />
          </Stack>
        </Alert>
      ) : null}

      <Text size="sm" ta="center" c="dimmed">
        New to QMGT?{' '}
        <Anchor component={Link} to={paths.signUp.to()}>
          Create an account
        </Anchor>
      </Text>
    </Stack>
  );
}
