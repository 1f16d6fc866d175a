import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The product mark; leads home. */
export function BrandLink() {
  return (
    <UnstyledButton component={Link} to={paths.home.to()} aria-label="QMGT home">
      <Group gap={8} wrap="nowrap">
        <svg width="28" height="28" viewBox="0 0 64 64" aria-hidden="true">
          <circle cx="32" cy="32" r="20" fill="none" stroke="var(--mantine-color-gold-5)" strokeWidth="6" />
          <path d="M40 40l9 9" stroke="var(--mantine-color-gold-5)" strokeWidth="6" strokeLinecap="round" />
        </svg>
        <Text fw={800} size="lg" c="gold.4" visibleFrom="xs" style={{ letterSpacing: '0.06em' }}>
          QMGT
        </Text>
      </Group>
    </UnstyledButton>
  );
}
