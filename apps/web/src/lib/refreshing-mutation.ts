import { mutationOptions, type QueryKey } from '@tanstack/react-query';

/**
 * A write after which `queryKey`'s views are asked for again. In onSettled, so a screen's own
 * onSuccess/onError (its feedback), spread over these options, does not replace it: after any
 * answer (`'settled'`: an operator's refusal may mean the list changed meanwhile), or after a
 * success only. Silent: the screens using it say what failed themselves, so no toast.
 */
export const refreshingMutation = <Input, Answer>(
  mutationFn: (input: Input) => Promise<Answer>,
  queryKey: QueryKey,
  when: 'settled' | 'success' = 'settled',
) =>
  mutationOptions({
    mutationFn,
    meta: { silent: true },
    onSettled: (_answer, error, _input, _result, { client }) =>
      void ((when === 'settled' || error === null) && client.invalidateQueries({ queryKey })),
  });
