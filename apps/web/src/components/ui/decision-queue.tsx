import { Badge, Text } from '@mantine/core';
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format';
import { QueryTable, type TableColumn } from './data-table';
import { useOperatorDecision, type Decision } from './operator-decision';

/** What every customer request in a back-office queue carries. */
type QueuedRequest = { id: string; code: string; username: string; email: string; reason?: string | null };

/** A date, a code or an amount reads as one piece: the free-text columns take the squeeze. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

export type QueueColumn<R> = { header: string; cell: (request: R) => ReactNode; numeric?: boolean };

type DecisionQueueProps<R extends QueuedRequest, Result> = {
  query: UseQueryResult<{ data: R[] }>;
  /** Plural, lower case: 'termination requests', in the loader's name and the empty state. */
  noun: string;
  /** The table's accessible name. */
  label: string;
  /** Below this the table scrolls sideways inside its card, never the page. */
  minWidth: number;
  requestedAt: (request: R) => string;
  /** The columns between the request's code and its status. */
  columns: QueueColumn<R>[];
  status: (request: R) => { label: string; color: string; more?: ReactNode };
  /** Only a request still waiting gets the Approve and Reject buttons. */
  isOpen: (request: R) => boolean;
  decide: (input: Decision & { idempotencyKey: string }) => Promise<Result>;
  queue: QueryKey;
  describe: (result: Result) => string;
};

/**
 * A back-office queue of customer requests (terminations, USDAU, reward payouts): loading,
 * error and empty states, one row a request with who asked and when, its status and reason,
 * and the operator's approve/reject on the open ones.
 */
export function DecisionQueue<R extends QueuedRequest, Result>(props: DecisionQueueProps<R, Result>) {
  const { query, noun, columns } = props;
  const { buttons, dialog } = useOperatorDecision({
    decide: props.decide,
    queue: props.queue,
    describe: props.describe,
  });

  const requestColumns: TableColumn<R>[] = [
    { header: 'Requested', style: NO_WRAP, cell: (request) => formatDateTime(props.requestedAt(request)) },
    {
      header: 'Customer',
      cell: (request) => (
        <>
          <Text size="sm">{request.username}</Text>
          <Text size="xs" c="dimmed">
            {request.email}
          </Text>
        </>
      ),
    },
    { header: 'Code', mono: true, style: NO_WRAP, cell: (request) => request.code },
    ...columns.map((column) => ({
      header: column.header,
      numeric: column.numeric,
      style: column.numeric ? NO_WRAP : undefined,
      cell: column.cell,
    })),
    {
      header: 'Status',
      cell: (request) => {
        const status = props.status(request);
        return (
          <>
            <Badge color={status.color} variant="light">
              {status.label}
            </Badge>
            {request.reason ? (
              <Text size="xs" c="dimmed">
                {request.reason}
              </Text>
            ) : null}
            {status.more}
          </>
        );
      },
    },
    { header: '', cell: (request) => (props.isOpen(request) ? buttons(request.id, request.code) : null) },
  ];
  return (
    <QueryTable
      query={query}
      loadingLabel={`Loading ${noun}`}
      failure="The requests could not be loaded."
      empty={<>No {noun} yet.</>}
      label={props.label}
      minWidth={props.minWidth}
      columns={requestColumns}
    >
      {dialog}
    </QueryTable>
  );
}
