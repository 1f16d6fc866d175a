import { Button, Group } from '@mantine/core';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys';
import { RejectReasonModal } from './reject-reason-modal';

export type Decision = { id: string; decision: 'approve' | 'reject'; reason?: string };

/**
 * A back-office queue's approve/reject: one Idempotency-Key per (request, decision) kept until
 * the server answers, a toast with the outcome, the queue reloaded, and the rejection dialog
 * (a reason is required). `buttons(id, code)` and `dialog` go into the queue's table.
 */
export function useOperatorDecision<R>(options: {
  decide: (input: Decision & { idempotencyKey: string }) => Promise<R>;
  queue: QueryKey;
  describe: (result: R) => string;
  /** Told of each decision the server accepted, before the queue reloads. */
  onDecided?: (result: R, input: Decision) => void;
}) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  const [rejecting, setRejecting] = useState<{ id: string; code: string } | null>(null);
  const decide = useMutation({
    mutationFn: (input: Decision) =>
      options.decide({ ...input, idempotencyKey: keys.keyFor(`${input.id}:${input.decision}`) }),
    meta: { silent: true },
    onSuccess: (result, input) => {
      keys.forget(`${input.id}:${input.decision}`);
      notifySuccess(options.describe(result));
      options.onDecided?.(result, input);
      setRejecting(null);
    },
    onError: (failure) => notifyError(errorMessage(failure)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: options.queue }),
  });

  /** Plain elements, not a component made per render: the buttons keep their focus. */
  function buttons(id: string, code: string) {
    const approving = decide.isPending && decide.variables?.id === id && decide.variables.decision === 'approve';
    return (
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          onClick={() => decide.mutate({ id, decision: 'approve' })}
          loading={approving}
          aria-label={`Approve ${code}`}
        >
          Approve
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => setRejecting({ id, code })}
          aria-label={`Reject ${code}`}
        >
          Reject
        </Button>
      </Group>
    );
  }

  const dialog = (
    <RejectReasonModal
      subject={rejecting?.code ?? null}
      busy={decide.isPending}
      onClose={() => setRejecting(null)}
      onReject={(reason) => rejecting && decide.mutate({ id: rejecting.id, decision: 'reject', reason })}
    />
  );
  return { buttons, dialog };
}
