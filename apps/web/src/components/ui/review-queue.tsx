import { Alert, Badge, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import type { ReviewQueue as QueueView } from '@qmgt/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { countOf, formatDateTime, type Noun } from '@/lib/format';
import type { ReviewQueueOptions } from '@/lib/review-queue';
import { DataTable, type TableColumn } from './data-table';
import { LoadMore } from './load-more';
import { useOperatorDecision, type Decision } from './operator-decision';

/** What every customer request in a back-office queue carries. */
type QueuedRequest = { id: string; username: string; email: string; code?: string; reason?: string | null };

/** A date, a code or an amount reads as one piece: the free-text columns take the squeeze. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

export type QueueColumn<R> = { header: string; cell: (request: R) => ReactNode; numeric?: boolean };

type ReviewQueueProps<R extends QueuedRequest, Result> = {
  /** The queue's pages, one view at a time (lib/review-queue.ts). */
  pages: (view: QueueView) => ReviewQueueOptions<R>;
  /** Whether the operator can also look through the decided requests (a second view; yes unless told). */
  decidedView?: boolean;
  /** What a row is, lower case, in both forms: the plural in the loader's name and the empty state, either in the count. */
  noun: Noun;
  /** The table's accessible name. */
  label: string;
  /** Below this the table scrolls sideways inside its card, never the page. */
  minWidth: number;
  /** The first column: when the customer asked ('Requested' unless told). */
  requestedAt: (request: R) => string;
  requestedHeader?: string;
  /** How the request is named in its row, its buttons and the rejection dialog (its code unless told). */
  code?: (request: R) => string;
  /** The code column's heading; null: no code column (the columns show what names it). */
  codeHeader?: string | null;
  /** The columns between the request's code and its status. */
  columns: QueueColumn<R>[];
  /** Without it, no status column (a queue of one status). */
  status?: (request: R) => { label: string; color: string; more?: ReactNode };
  decide: (input: Decision & { idempotencyKey: string }) => Promise<Result>;
  describe: (result: Result) => string;
  /** The decided request in a decision's answer, shown in place of the open one until the screen is left. */
  decided: (result: Result) => Partial<R>;
  /** The words of the loading, error and empty states, where a queue has its own. */
  texts?: { loading?: string; failure?: string; empty?: ReactNode };
};

/**
 * The back-office queue of one operator review (terminations, USDAU, reward payouts, bank
 * accounts): the requests that wait (oldest first) or those decided, a page at a time with
 * 'Load more'; loading, error and empty states; one row a request with who asked and when, its
 * status and reason, and the operator's approve/reject (with a reason) on the open ones.
 */
export function ReviewQueue<R extends QueuedRequest, Result>(props: ReviewQueueProps<R, Result>) {
  const { noun, columns, texts = {} } = props;
  const codeOf = props.code ?? ((request: R) => request.code ?? request.id);
  const [view, setView] = useState<QueueView>('open');
  const pages = props.pages(view);
  const query = useInfiniteQuery(pages);
  // What the operator just decided stays on the waiting view with its outcome (the reloaded
  // view no longer lists it), so a decision does not make its row vanish under the pointer.
  const [justDecided, setJustDecided] = useState<ReadonlyMap<string, R>>(new Map());
  const fetched = query.data?.pages.flatMap((page) => page.data) ?? [];
  const { buttons, dialog } = useOperatorDecision({
    decide: props.decide,
    // Both views reload after a decision: the key without its view.
    queue: pages.queryKey.slice(0, -1),
    describe: props.describe,
    onDecided: (result, input) => {
      const before = fetched.find((row) => row.id === input.id) ?? justDecided.get(input.id);
      if (before) setJustDecided((map) => new Map(map).set(input.id, { ...before, ...props.decided(result) }));
    },
  });

  const requestColumns: TableColumn<R>[] = [
    {
      header: props.requestedHeader ?? 'Requested',
      style: NO_WRAP,
      cell: (request) => formatDateTime(props.requestedAt(request)),
    },
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
    ...(props.codeHeader === null
      ? []
      : [{ header: props.codeHeader ?? 'Code', mono: true, style: NO_WRAP, cell: codeOf }]),
    ...columns.map((column) => ({
      header: column.header,
      numeric: column.numeric,
      style: column.numeric ? NO_WRAP : undefined,
      cell: column.cell,
    })),
    ...(props.status ? [statusColumn(props.status)] : []),
    // The waiting view lists only open requests (the server filters it): all but those just decided.
    {
      header: '',
      cell: (request) =>
        view === 'open' && !justDecided.has(request.id) ? buttons(request.id, codeOf(request)) : null,
    },
  ];

  const rows =
    view === 'open'
      ? [
          ...[...justDecided.values()].filter((row) => !fetched.some((f) => f.id === row.id)),
          ...fetched.map((row) => justDecided.get(row.id) ?? row),
        ]
      : fetched;
  let body: ReactNode;
  if (query.isPending) body = <Loader aria-label={texts.loading ?? `Loading ${noun.other}`} />;
  else if (query.isError)
    body = <Alert color="red">{errorMessage(query.error, texts.failure ?? 'The requests could not be loaded.')}</Alert>;
  else if (rows.length === 0)
    body = (
      <Text c="dimmed">
        {view === 'open' ? (texts.empty ?? <>No {noun.other} yet.</>) : <>No {noun.other} decided yet.</>}
      </Text>
    );
  else
    body = (
      <Stack gap="sm">
        <DataTable rows={rows} label={props.label} minWidth={props.minWidth} columns={requestColumns}>
          {dialog}
        </DataTable>
        <LoadMore
          shown={`Showing ${countOf(rows.length, noun)}`}
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
          label={`Load more ${noun.other}`}
        />
      </Stack>
    );

  return (
    <Stack gap="md">
      {props.decidedView !== false ? (
        <SegmentedControl
          aria-label={`Which ${noun.other}`}
          value={view}
          onChange={(value) => setView(value as QueueView)}
          data={[
            { value: 'open', label: 'Waiting' },
            { value: 'decided', label: 'Decided' },
          ]}
          w="fit-content"
        />
      ) : null}
      {body}
    </Stack>
  );
}

function statusColumn<R extends QueuedRequest>(
  status: (request: R) => { label: string; color: string; more?: ReactNode },
): TableColumn<R> {
  return {
    header: 'Status',
    cell: (request) => {
      const shown = status(request);
      return (
        <>
          <Badge color={shown.color} variant="light">
            {shown.label}
          </Badge>
          {request.reason ? (
            <Text size="xs" c="dimmed">
              {request.reason}
            </Text>
          ) : null}
          {shown.more}
        </>
      );
    },
  };
}
