import { Button, Group, Modal, Text } from '@mantine/core';

type LogoutConfirmModalProps = { opened: boolean; onClose: () => void; onConfirm: () => void; loading: boolean };

export function LogoutConfirmModal({ opened, onClose, onConfirm, loading }: LogoutConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Log Out" centered size="sm">
      <Text mb="lg">Are you sure you want to log out?</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading} data-autofocus>
          Log Out
        </Button>
      </Group>
    </Modal>
  );
}
