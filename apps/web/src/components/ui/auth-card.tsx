import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';

type AuthCardProps = { title: string; subtitle?: ReactNode; children: ReactNode };

/** The narrow centred card every sign-in, sign-up and recovery screen sits in. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  useEffect(() => {
    document.title = `${title} | QMGT`;
  }, [title]);
  return (
    <Center py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'md', sm: 'xl' }} w="100%" maw={440}>
        <Stack gap="xs" mb="lg">
          <Title order={1} size="h2">
            {title}
          </Title>
          {subtitle ? (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Paper>
    </Center>
  );
}
