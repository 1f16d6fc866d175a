import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { changePasswordRequestSchema } from '@qmgt/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { notifySuccess } from '@/lib/notify';
import { useSessionStore } from '@/lib/session-store';
import { changePasswordMutation } from '../api/auth-api';
import { NewPasswordFields } from './new-password-fields';

const emptyForm = { currentPassword: '', password: '', passwordConfirmation: '' };

/** Signed-in password change; the server answers a new token, which replaces the old one. */
export function ChangePasswordForm() {
  const change = useMutation(changePasswordMutation());
  const saveInfo = useSessionStore((s) => s.saveInfo);
  const form = useForm<
    z.input<typeof changePasswordRequestSchema>,
    unknown,
    z.output<typeof changePasswordRequestSchema>
  >({
    resolver: zodResolver(changePasswordRequestSchema),
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: (session) => {
        saveInfo(session);
        form.reset(emptyForm);
        notifySuccess('Your password has been changed.');
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <NewPasswordFields
          password={form.register('password')}
          confirmation={form.register('passwordConfirmation')}
          errors={{ password: errors.password?.message, confirmation: errors.passwordConfirmation?.message }}
        />
        <Button type="submit" fullWidth loading={change.isPending}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
