import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { emailRequestSchema } from '@qmgt/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { sendVerificationEmailMutation } from '../api/auth-api';

type ResendVerificationFormProps = {
  /** Known address: one button sends the link; otherwise the form asks for the address. */
  email?: string;
};

/** Sends a fresh e-mail verification link (POST /link-verification/registration). */
export function ResendVerificationForm({ email }: ResendVerificationFormProps) {
  const send = useMutation(sendVerificationEmailMutation());
  const form = useForm<z.input<typeof emailRequestSchema>, unknown, z.output<typeof emailRequestSchema>>({
    resolver: zodResolver(emailRequestSchema),
    defaultValues: { email: email ?? '' },
  });
  const onSubmit = form.handleSubmit((values) => send.mutate(values));

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {email ? null : (
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
        )}
        <Button type="submit" variant="light" loading={send.isPending}>
          Resend verification e-mail
        </Button>
        {send.isSuccess ? (
          <Alert color="teal" variant="light" role="status">
            If that address has an account waiting for verification, a new link is on its way. Check your inbox.
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
