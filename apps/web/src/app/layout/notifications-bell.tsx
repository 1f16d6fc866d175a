import { ActionIcon, Indicator, Popover, Stack, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';

// SPEC.md section 1: notifications are not built yet; the badge count is 0.
const NOTIFICATION_COUNT = 0;

type NotificationsBellProps = { opened: boolean; onToggle: () => void; onClose: () => void };

export function NotificationsBell({ opened, onToggle, onClose }: NotificationsBellProps) {
  // The badge sits outside the popover's target, so the dialog is named by the button alone.
  return (
    <Indicator label={String(NOTIFICATION_COUNT)} size={16} offset={4} color="gold">
      <Popover
        opened={opened}
        // A controlled popover reports Escape and a click outside through onChange only; its
        // onClose fires when `opened` itself changes, so on its own it never closed anything.
        onChange={(next) => {
          if (!next) onClose();
        }}
        closeOnEscape
        closeOnClickOutside
        position="bottom-end"
        width={280}
        shadow="md"
        withArrow
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="default"
            size="lg"
            radius="xl"
            aria-label="Notifications"
            aria-expanded={opened}
            onClick={onToggle}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap={6}>
            <Title order={2} size="h5">
              Coming Soon
            </Title>
            <Text size="sm" c="dimmed">
              Notifications are not available yet!
            </Text>
            <Text size="sm" ta="center" py="sm">
              No Notifications
            </Text>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
