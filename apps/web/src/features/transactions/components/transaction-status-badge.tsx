import { Badge, Loader } from '@mantine/core';
import type { Transaction } from '@qmgt/contracts';
import { STATUS_COLOR, STATUS_LABEL } from './transaction-labels';

/** Pending, Completed or Failed; a pending one spins while the chain settles it. */
export function TransactionStatusBadge({
  status,
  size = 'sm',
}: {
  status: Transaction['status'];
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge
      color={STATUS_COLOR[status]}
      variant="light"
      size={size}
      radius="sm"
      tt="none"
      // The word is short and must never be cut to an ellipsis in a narrow column.
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
      leftSection={status === 'pending' ? <Loader size={10} color="yellow" aria-hidden /> : null}
    >
      {STATUS_LABEL[status]}
    </Badge>
  );
}
