import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { refusedField } from './api-client';

/**
 * A server refusal said at the form field it names (`details.field`, or a schema issue's path),
 * which takes the focus. False when it names none of `fields`: the form then says it as a whole.
 */
export function refuseAtField<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  failure: unknown,
  fields: readonly Path<T>[],
): boolean {
  const refused = refusedField(failure);
  const field = fields.find((name) => name === refused?.field);
  if (!refused || field === undefined) return false;
  form.setError(field, { message: refused.message }, { shouldFocus: true });
  return true;
}
