import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled detail of a record (an account, a transaction): a small label over a value that may wrap anywhere (hashes, addresses). */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
