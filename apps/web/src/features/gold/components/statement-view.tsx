import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { saveBlobAs } from '@/lib/files';
import { formatDate, formatDateTime } from '@/lib/format';
import { formatAmount, formatGrams } from '@/lib/money';
import { STATEMENT_PAGE_MOVEMENTS } from '@qmgt/contracts';
import { downloadStatementPdf, statementQueryOptions, type StatementRange } from '../api/gold-api';

const StatementChart = lazy(() => import('./statement-chart'));

const signedGrams = (grams: string) =>
  grams.startsWith('-') ? `−${formatGrams(grams.slice(1))}` : `+${formatGrams(grams)}`;

function Box({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} ff="monospace">
        {value}
      </Text>
    </Paper>
  );
}

/**
 * /GAE/Account-Statement: a date range (by default the last 12 months), opening and closing
 * grams, the movements with running grams (200 at a time, older ones a click away), valuation and chart.
 */
export function StatementView({ initialRange }: { initialRange: { from: string; to: string } }) {
  const [draft, setDraft] = useState(initialRange);
  const [range, setRange] = useState<StatementRange>(initialRange);
  // The cursors of the newer pages seen, to go back to them ("Newer movements").
  const [newer, setNewer] = useState<(string | undefined)[]>([]);
  const query = useQuery({ ...statementQueryOptions(range), placeholderData: keepPreviousData });
  const statement = query.data;
  // The server picks the last 12 months (from the plan's opening if younger) when no range is given: show them.
  useEffect(() => {
    if (statement && !draft.from && !draft.to) setDraft({ from: statement.from, to: statement.to });
  }, [statement, draft.from, draft.to]);
  const pdfQuery = new URLSearchParams({ from: statement?.from ?? range.from, to: statement?.to ?? range.to });
  if (range.cursor) pdfQuery.set('cursor', range.cursor);
  const pdfTo = `${paths.pdf.to()}?${pdfQuery.toString()}`;
  // The PDF of what is on screen, straight to a file (the /pdf page, which shows it, stays a link).
  const [downloading, setDownloading] = useState(false);
  const downloadPdf = async () => {
    if (!statement) return;
    setDownloading(true);
    try {
      const { blob, filename } = await downloadStatementPdf({
        from: statement.from,
        to: statement.to,
        cursor: range.cursor,
      });
      saveBlobAs(blob, filename ?? `qmgt-gae-statement-${statement.from}-${statement.to}.pdf`);
    } catch (failure) {
      notifyError(errorMessage(failure, 'The statement PDF could not be made. Try again.'));
    } finally {
      setDownloading(false);
    }
  };
  // A page that does not reach the period's start opens at the balance before its first movement.
  const openedAt = statement?.nextCursor && statement.rows[0] ? formatDateTime(statement.rows[0].date) : null;

  return (
    <Stack gap="lg" maw={1100}>
      <Paper withBorder radius="lg" p="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setNewer([]);
            setRange({ from: draft.from, to: draft.to });
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <TextInput
              type="date"
              label="From"
              value={draft.from}
              onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })}
            />
            <TextInput
              type="date"
              label="To"
              value={draft.to}
              onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })}
            />
            <Button type="submit" loading={query.isFetching}>
              Show
            </Button>
            <Button variant="default" onClick={() => void downloadPdf()} loading={downloading} disabled={!statement}>
              Download PDF
            </Button>
            <Button component={Link} to={pdfTo} variant="subtle" disabled={!statement}>
              View PDF
            </Button>
          </Group>
          <Text size="xs" c="dimmed" mt="xs">
            By default the last 12 months. Up to {STATEMENT_PAGE_MOVEMENTS} movements are shown at a time, the newest
            first loaded.
          </Text>
        </form>
      </Paper>
      {query.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading the statement" />
        </Group>
      ) : query.isError && !statement ? (
        <Alert color="red" title="The statement could not be loaded">
          {errorMessage(query.error, 'Please try again.')}
        </Alert>
      ) : statement ? (
        <>
          {query.isError ? (
            <Alert color="red" variant="light">
              {errorMessage(query.error, 'That range could not be loaded.')}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <Box
              label={openedAt ? `Opening (before ${openedAt})` : `Opening (${formatDate(statement.from)})`}
              value={formatGrams(statement.openingGrams)}
            />
            <Box label={`Closing (${formatDate(statement.to)})`} value={formatGrams(statement.closingGrams)} />
            <Box label="Spot per gram today" value={`${formatAmount(statement.spot, 'USDT')} USDT`} />
            <Box label="Valuation today" value={`${formatAmount(statement.valuationUsdt, 'USDT')} USDT`} />
          </SimpleGrid>
          {statement.series.length > 0 && statement.from !== statement.to ? (
            <Paper withBorder radius="lg" p="md">
              <Title order={2} size="h5" mb="sm">
                Grams and value over time
              </Title>
              <Suspense fallback={<Loader size="sm" aria-label="Loading the chart" />}>
                <StatementChart statement={statement} />
              </Suspense>
            </Paper>
          ) : null}
          <Paper withBorder radius="lg" p="md">
            {statement.rows.length === 0 ? (
              <Text c="dimmed" ta="center" py="lg">
                No movements in this period.
              </Text>
            ) : (
              <ScrollArea type="auto">
                {/* On a phone the date, type, grams and balance fit without scrolling sideways; the code,
                    price and USDT are in the transaction's details and from 'sm' up. */}
                <Table striped highlightOnHover miw={{ base: 0, sm: 720 }} aria-label="Statement movements">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Type</Table.Th>
                      <Table.Th visibleFrom="sm">Code</Table.Th>
                      <Table.Th ta="right">Grams</Table.Th>
                      <Table.Th ta="right" visibleFrom="sm">
                        Price / g
                      </Table.Th>
                      <Table.Th ta="right" visibleFrom="sm">
                        USDT
                      </Table.Th>
                      <Table.Th ta="right">Balance</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {statement.rows.map((row, index) => (
                      <Table.Tr key={`${row.code}-${index}`}>
                        <Table.Td>{formatDateTime(row.date)}</Table.Td>
                        <Table.Td>{row.type}</Table.Td>
                        <Table.Td ff="monospace" visibleFrom="sm">
                          {row.code}
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace" title={`${row.grams} g`}>
                          {signedGrams(row.grams)}
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace" visibleFrom="sm">
                          {row.price ? formatAmount(row.price, 'USDT') : '—'}
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace" visibleFrom="sm">
                          {row.amountUsdt ? formatAmount(row.amountUsdt, 'USDT') : '—'}
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace" title={`${row.balanceGrams} g`}>
                          {formatGrams(row.balanceGrams)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            )}
            {statement.nextCursor || newer.length > 0 ? (
              <Group justify="space-between" mt="sm">
                <Text size="sm" c="dimmed">
                  {statement.nextCursor
                    ? `The latest ${statement.rows.length} movements${newer.length > 0 ? ' of this page' : ''}: this period has older ones.`
                    : 'The oldest movements of this period.'}
                </Text>
                <Group gap="xs">
                  {newer.length > 0 ? (
                    <Button
                      variant="default"
                      onClick={() => {
                        setRange({ ...range, cursor: newer.at(-1) });
                        setNewer(newer.slice(0, -1));
                      }}
                    >
                      Newer movements
                    </Button>
                  ) : null}
                  {statement.nextCursor ? (
                    <Button
                      variant="default"
                      onClick={() => {
                        setNewer([...newer, range.cursor]);
                        setRange({ from: statement.from, to: statement.to, cursor: statement.nextCursor ?? undefined });
                      }}
                    >
                      Older movements
                    </Button>
                  ) : null}
                </Group>
              </Group>
            ) : null}
          </Paper>
        </>
      ) : null}
    </Stack>
  );
}
