import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoin, IconShieldCheck, IconUsersGroup } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

const highlights = [
  { icon: IconCoin, title: 'Gold-backed token', text: 'Each QMGT token is backed by gold held for you.' },
  { icon: IconShieldCheck, title: 'Verified accounts', text: 'Identity verification keeps every account accountable.' },
  { icon: IconUsersGroup, title: 'Save together', text: 'Gold plans, group savings and referrals in one place.' },
] as const;

/** The public root for guests (SPEC.md section 2: "/ root, public list wrapper"). */
export function Landing() {
  useEffect(() => {
    document.title = 'QMGT';
  }, []);
  return (
    <Stack gap="xl" maw={960} mx="auto" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md" align="flex-start">
        <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
          Save in gold with{' '}
          <Text span inherit c="gold.5">
            QMGT
          </Text>
        </Title>
        <Text c="dimmed" size="lg" maw={560}>
          A savings platform built on a gold-backed token. Create an account, verify your identity and start saving.
        </Text>
        <Group>
          <Button component={Link} to={paths.signIn.to()} size="md">
            Log in
          </Button>
          <Button component={Link} to={paths.signUp.to()} size="md" variant="outline">
            Create an account
          </Button>
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {highlights.map(({ icon: Icon, title, text }) => (
          <Paper key={title} withBorder p="lg" radius="lg">
            <ThemeIcon variant="light" size="lg" radius="md" mb="sm">
              <Icon size={20} aria-hidden />
            </ThemeIcon>
            <Text fw={600}>{title}</Text>
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Every gram is backed by gold in the vault: see our{' '}
        <Anchor component={Link} to={paths.proofOfReserves.to()}>
          proof of reserves
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
