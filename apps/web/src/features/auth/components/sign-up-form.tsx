import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { registerRequestSchema } from '@qmgt/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/lib/session-store';
import { registerMutation, sendVerificationEmailMutation } from '../api/auth-api';
import { CheckInbox } from './check-inbox';
import { NewPasswordFields } from './new-password-fields';

/** The register payload plus the confirmation a person types twice. */
const signUpFormSchema = registerRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

type SignUpFormProps = {
  /** Referral code from the ?ref= of the invitation link; kept in the form. */
  referralCode?: string;
  /** Sandbox only: where the sent mail can be read. */
  mailboxLink?: string;
};

/**
 * Registration: register, then send the e-mail verification (SPEC.md section 4), then tell
 * the person to open the link.
 */
export function SignUpForm({ referralCode = '', mailboxLink }: SignUpFormProps) {
  const registerAccount = useMutation(registerMutation());
  const sendVerification = useMutation(sendVerificationEmailMutation());
  const rememberEmail = useSessionStore((s) => s.setEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<z.input<typeof signUpFormSchema>, unknown, z.output<typeof signUpFormSchema>>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '', ref: referralCode },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ username, email, password, ref }) => {
    registerAccount.mutate(
      { username, email, password, ...(ref ? { ref } : {}) },
      {
        onSuccess: ({ user }) => {
          rememberEmail(user.email);
          // The account exists either way; a failed send is toasted and can be retried from the next screen.
          sendVerification.mutate({ email: user.email }, { onSettled: () => setSentTo(user.email) });
        },
      },
    );
  });

  if (sentTo) return <CheckInbox email={sentTo} mailboxLink={mailboxLink} />;

  return (
    <Stack gap="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Username"
            autoComplete="username"
            error={errors.username?.message}
            {...form.register('username')}
          />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <NewPasswordFields
            password={form.register('password')}
            confirmation={form.register('confirmPassword')}
            errors={{ password: errors.password?.message, confirmation: errors.confirmPassword?.message }}
            labels={{ password: 'Password', confirmation: 'Confirm password' }}
          />
          <TextInput
            label="Referral code"
            description="Optional: the code of the person who invited you"
            autoComplete="off"
            error={errors.ref?.message}
            {...form.register('ref')}
          />
          <Text size="xs" c="dimmed">
            By creating an account you agree to the {/* A new tab, so the form keeps what was typed. */}
            <Anchor component={Link} to={paths.termConditions.to()} target="_blank" rel="noopener">
              Terms and Conditions
            </Anchor>
            .
          </Text>
          <Button type="submit" fullWidth loading={registerAccount.isPending || sendVerification.isPending}>
            Create account
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center" c="dimmed">
        Already have an account?{' '}
        <Anchor component={Link} to={paths.signIn.to()}>
          Log in
        </Anchor>
      </Text>
    </Stack>
  );
}
