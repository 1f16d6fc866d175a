import { PasswordInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';

type NewPasswordFieldsProps = {
  /** The registered password and confirmation fields: each form names them its own way. */
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  errors: { password?: string; confirmation?: string };
  labels?: { password: string; confirmation: string };
};

const NEW_PASSWORD_LABELS = { password: 'New password', confirmation: 'Confirm new password' };

/**
 * A password chosen and typed again (sign-up, reset, change): marked as a new password so that
 * browsers and password managers offer to generate and save it.
 */
export function NewPasswordFields({
  password,
  confirmation,
  errors,
  labels = NEW_PASSWORD_LABELS,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput label={labels.password} autoComplete="new-password" error={errors.password} {...password} />
      <PasswordInput
        label={labels.confirmation}
        autoComplete="new-password"
        error={errors.confirmation}
        {...confirmation}
      />
    </>
  );
}
