import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Balance } from '@/lib/session-store';

type BalanceCardProps = {
  balance: Balance;
  /** Marks figures that are not the client's, so nobody mistakes them for real money. */
  sample?: boolean;
};

/** Wallet balances in USDT and QMGT; amounts arrive as decimal strings and are shown as given. */
export function BalanceCard({ balance, sample = false }: BalanceCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" maw={480}>
      <Group justify="space-between" mb="md">
        <Text fw={600}>Wallet balance</Text>
        {sample ? (
          <Badge color="gray" variant="outline" tt="none">
            Sample
          </Badge>
        ) : null}
      </Group>
      <SimpleGrid cols={2}>
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase">
            USDT
          </Text>
          <Text size="xl" fw={700} ff="monospace">
            {balance.usdt}
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase">
            QMGT
          </Text>
          <Text size="xl" fw={700} ff="monospace">
            {balance.qmgt}
          </Text>
        </Stack>
      </SimpleGrid>
      {sample ? (
        <Text size="xs" c="dimmed" mt="md">
          Placeholder figures for layout only. This is not your balance.
        </Text>
      ) : null}
    </Card>
  );
}
