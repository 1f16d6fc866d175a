import { Badge, Group, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ScreenTitle } from '@/components/ui/screen-title';
import { DevMailbox } from '@/features/sandbox/components/dev-mailbox';

export function DevMailboxRoute() {
  const [searchParams] = useSearchParams();
  return (
    <Stack gap="md" maw={860} mx="auto">
      <Group gap="sm" align="center">
        <ScreenTitle>Mailbox</ScreenTitle>
        <Badge color="gray" variant="outline" mb="lg" tt="none">
          Sandbox
        </Badge>
      </Group>
      <DevMailbox initialRecipient={searchParams.get('to') ?? ''} />
    </Stack>
  );
}
