import { useMutation } from '@tanstack/react-query';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useSessionStore } from '@/lib/session-store';
import type { loginRequestSchema } from '../api/login-schemas';
import { loadLoginSchemas, loginMutation } from '../api/login';

// Shown only after the server refused an unconfirmed e-mail: not part of the form's first paint.
const ResendVerificationForm = lazy(() =>
  import('./resend-verification-form').then((m) => ({ default: m.ResendVerificationForm })),
);

type LoginInput = z.input<typeof loginRequestSchema>;
type LoginOutput = z.output<typeof loginRequestSchema>;

/**
 * The contract's schema validates the form; it and zod are fetched when the visitor first
 * focuses a field or presses a key in the form (issue 14), not to paint the screen.
 */
const validation = lazyResolver<LoginInput, unknown, LoginOutput>(() =>
  Promise.all([import('@hookform/resolvers/zod'), loadLoginSchemas()]).then(([{ zodResolver }, schemas]) =>
    zodResolver(schemas.loginRequestSchema),
  ),
);

const looksLikeEmail = (identifier: string) => identifier.includes('@');

/**
 * Sign in with e-mail or username; the session goes into the store, and the route guards take
 * the client on. An unconfirmed e-mail gets a way to re-send its link.
 */
export function SignInForm() {
  const saveInfo = useSessionStore((s) => s.saveInfo);
  const login = useMutation(loginMutation());
  // The identifier the server refused as unconfirmed (403), if any.
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  // The server's words when too many failed sign-ins locked the account.
  const [locked, setLocked] = useState<string | null>(null);
  const form = useForm<LoginInput, unknown, LoginOutput>({
    resolver: validation.resolver,
    // The address this browser signed up with (kept by the sign-up form): one field less to type.
    defaultValues: { identifier: useSessionStore.getState().email, password: '' },
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
      <form onSubmit={onSubmit} onFocus={validation.prefetch} onPointerDown={validation.prefetch} noValidate>
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
            <Suspense fallback={null}>
              <ResendVerificationForm key={unconfirmed} email={looksLikeEmail(unconfirmed) ? unconfirmed : undefined} />
            </Suspense>
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
