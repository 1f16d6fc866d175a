import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose code (the contract's zod schema and zodResolver) is fetched
 * on first use, so a form can paint before zod arrives (issue 14: zod is 25 KB gzip of a
 * first load). `prefetch` starts the fetch early: a form calls it when the visitor first
 * focuses or types in it, so validation is there by the time it is needed. The schema that
 * validates is still the shared contract's (CONVENTIONS.md, forms).
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>,
) {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformedValues>> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      // Tried afresh next time (the network came back, a deploy replaced the chunk).
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<TFieldValues, TContext, TTransformedValues> = async (values, context, options) =>
    (await get())(values, context, options);
  const prefetch = () => {
    get().catch(() => undefined);
  };
  return { resolver, prefetch };
}
