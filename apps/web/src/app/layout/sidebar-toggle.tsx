import { ActionIcon, Burger, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import type { SidebarToggle } from './app-header';

/** The burger of the mobile drawer, or the desktop rail's wide/narrow switch. */
export function SidebarToggleButton({ kind, opened, onToggle, label }: SidebarToggle) {
  if (kind === 'drawer') return <Burger opened={opened} onClick={onToggle} size="sm" aria-label={label} />;
  const Icon = opened ? IconLayoutSidebarLeftCollapse : IconLayoutSidebarLeftExpand;
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="gray" size="lg" onClick={onToggle} aria-label={label}>
        <Icon size={22} stroke={1.6} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
