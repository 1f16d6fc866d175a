import { Alert, Badge, Loader, Paper, ScrollArea, Table, Text } from '@mantine/core';
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
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

  if (query.isPending) return <Loader aria-label={`Loading ${noun}`} />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error, 'The requests could not be loaded.')}</Alert>;
  if (query.data.data.length === 0) return <Text c="dimmed">No {noun} yet.</Text>;
  return (
    <Paper withBorder radius="lg" p="md">
      <ScrollArea type="auto">
        <Table striped miw={props.minWidth} aria-label={props.label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Requested</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Code</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.header} ta={column.numeric ? 'right' : undefined}>
                  {column.header}
                </Table.Th>
              ))}
              <Table.Th>Status</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.data.map((request) => {
              const status = props.status(request);
              return (
                <Table.Tr key={request.id}>
                  <Table.Td style={NO_WRAP}>{formatDateTime(props.requestedAt(request))}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{request.username}</Text>
                    <Text size="xs" c="dimmed">
                      {request.email}
                    </Text>
                  </Table.Td>
                  <Table.Td ff="monospace" style={NO_WRAP}>
                    {request.code}
                  </Table.Td>
                  {columns.map((column) => (
                    <Table.Td
                      key={column.header}
                      ta={column.numeric ? 'right' : undefined}
                      ff={column.numeric ? 'monospace' : undefined}
                      style={column.numeric ? NO_WRAP : undefined}
                    >
                      {column.cell(request)}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Badge color={status.color} variant="light">
                      {status.label}
                    </Badge>
                    {request.reason ? (
                      <Text size="xs" c="dimmed">
                        {request.reason}
                      </Text>
                    ) : null}
                    {status.more}
                  </Table.Td>
                  <Table.Td>{props.isOpen(request) ? buttons(request.id, request.code) : null}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {dialog}
    </Paper>
  );
}
