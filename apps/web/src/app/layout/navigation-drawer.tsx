import { Drawer } from '@mantine/core';
import { AppSidebar } from './app-sidebar';

/** The sidebar as a slide-in drawer, up to 768 px (SPEC.md section 2 "Layout"). */
export function NavigationDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={300}
      title="Menu"
      padding={0}
      styles={{ header: { paddingInline: 16 } }}
    >
      <AppSidebar narrow={false} onNavigate={onClose} />
    </Drawer>
  );
}
