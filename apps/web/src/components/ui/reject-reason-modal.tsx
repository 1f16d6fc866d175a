import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';

type Props = {
  /** What is being rejected (a request's code); null keeps the dialog closed. */
  subject: string | null;
  busy: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
};

/** A back-office rejection: the reason the customer will read is required. */
export function RejectReasonModal({ subject, busy, onClose, onReject }: Props) {
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Modal opened={subject !== null} onClose={close} title={`Reject ${subject ?? ''}`} centered>
      <Stack>
        <Textarea
          label="Reason (the customer reads it)"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={500}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" disabled={!reason.trim()} loading={busy} onClick={() => onReject(reason.trim())}>
            Reject request
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
