import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** SPEC.md section 9: the 404 spinner shows for 1.5 s before the page says it is missing. */
export const NOT_FOUND_DELAY_MS = 1500;

export function NotFound() {
  const [waited, setWaited] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setWaited(true), NOT_FOUND_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (!waited) {
    return (
      <Center py={80}>
        <Stack align="center" gap="sm" role="status">
          <Loader />
          <Text c="dimmed">Waiting..</Text>
        </Stack>
      </Center>
    );
  }

  return (
    <Center py={80}>
      <Stack align="center" gap="md">
        <Text fz={64} fw={800} c="gold.5" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1}>Page Not Found</Title>
        <Button component={Link} to={paths.home.to()}>
          Back to Homepage
        </Button>
      </Stack>
    </Center>
  );
}
