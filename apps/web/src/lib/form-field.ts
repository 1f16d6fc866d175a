import type { ChangeEvent } from 'react';
import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

/**
 * A react-hook-form field for a Mantine input, whose every edit first runs `onEdit`: a quote or a
 * review on screen no longer says what the form asks, so it goes. `error` is the field's message
 * from the schema (or a `setError`), for the input's own error slot.
 */
export function editedField<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>, onEdit: () => void) {
  const registered = form.register(name);
  return {
    ...registered,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      onEdit();
      return registered.onChange(event);
    },
    error: (get(form.formState.errors, name) as { message?: string } | undefined)?.message,
  };
}
