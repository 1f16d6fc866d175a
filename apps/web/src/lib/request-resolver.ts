import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver for a form whose inputs hold what a person types (a share as text, a
 * choice of fields by frequency) while the contract's request types it otherwise: `toRequest`
 * makes the request the fields say, the contract's schema checks it, and each complaint lands on
 * the field of the same name (the request's names are the form's).
 */
export function requestResolver<TFields extends FieldValues, TRequest extends FieldValues>(
  schema: z.ZodType<TRequest>,
  toRequest: (fields: TFields) => unknown,
): Resolver<TFields, unknown, TRequest> {
  const contract = zodResolver(schema as z.ZodType<TRequest, FieldValues>);
  return (fields, context, options) =>
    // The casts only rename the form's values type: the paths of the complaints are the form's.
    contract(toRequest(fields) as FieldValues, context, options as never) as ReturnType<
      Resolver<TFields, unknown, TRequest>
    >;
}
