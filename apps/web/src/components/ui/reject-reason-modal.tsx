import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack, Textarea } from '@mantine/core';
import { adminDecisionSchema, type AdminDecision } from '@qmgt/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogFooter } from './dialog-footer';

type Props = {
  /** What is being rejected (a request's code); null keeps the dialog closed. */
  subject: string | null;
  busy: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
};

/**
 * A back-office rejection: the reason the customer will read is required (the button waits for
 * one), and checked by the decision's contract (its length, no control characters) before it is sent.
 */
export function RejectReasonModal({ subject, busy, onClose, onReject }: Props) {
  const form = useForm<z.input<typeof adminDecisionSchema>, unknown, AdminDecision>({
    resolver: zodResolver(adminDecisionSchema),
    defaultValues: { reason: '' },
  });
  const reason = form.watch('reason') ?? '';
  const close = () => {
    form.reset();
    onClose();
  };
  const reject = form.handleSubmit((decision) => onReject(decision.reason ?? ''));
  return (
    <Modal opened={subject !== null} onClose={close} title={`Reject ${subject ?? ''}`} centered>
      <form onSubmit={(event) => void reject(event)} noValidate>
        <Stack>
          <Textarea
            label="Reason (the customer reads it)"
            autosize
            minRows={3}
            maxLength={500}
            data-autofocus
            {...form.register('reason')}
            error={form.formState.errors.reason?.message}
          />
          <DialogFooter
            submitLabel="Reject request"
            color="red"
            onCancel={close}
            busy={busy}
            disabled={!reason.trim()}
          />
        </Stack>
      </form>
    </Modal>
  );
}
