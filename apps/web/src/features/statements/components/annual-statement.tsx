import { Button, Group, List, Paper, ScrollArea, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { holdingLabel, type AnnualStatement, type Asset, type StatementMovement } from '@qmgt/contracts';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadFailure, LoadingStatus } from '@/components/ui/load-states';
import { LoadMore } from '@/components/ui/load-more';
import { SectionCard } from '@/components/ui/section-card';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { notifyError } from '@/lib/notify';
import { annualStatementQueryOptions, saveAnnualStatementMutation, type StatementFormat } from '../api/statements-api';

/** An amount that may be negative (a loss, money out): "−1,234.56 USDT"; `plus` marks what came in. */
function signedMoney(decimal: string, asset: Asset, plus = false): string {
  if (decimal.startsWith('-')) return `−${formatMoney(decimal.slice(1), asset)}`;
  return `${plus && decimal !== '0' ? '+' : ''}${formatMoney(decimal, asset)}`;
}

/**
 * A wide table that scrolls sideways inside its card on a narrow screen: the scrolling region
 * takes keyboard focus (arrow keys scroll it) and is named, so it can be reached without a mouse.
 */
function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label }}>
      {children}
    </ScrollArea>
  );
}

function Figure({ label, value, exact }: { label: string; value: string; exact?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} ff="monospace" title={exact}>
        {value}
      </Text>
    </Paper>
  );
}

/** The years a customer can ask for: from their sign-up year to this one, newest first. */
function yearOptions(firstYear: number, thisYear: number) {
  const years: string[] = [];
  for (let y = thisYear; y >= Math.min(firstYear, thisYear); y--) years.push(String(y));
  return years;
}

function Downloads({ year }: { year: number }) {
  const download = useMutation({
    ...saveAnnualStatementMutation(year),
    onError: (failure) => notifyError(errorMessage(failure, 'The statement file could not be made. Try again.')),
  });
  const busy = (format: StatementFormat) => download.isPending && download.variables === format;
  return (
    <Group gap="xs">
      <Button
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={busy('pdf')}
        disabled={download.isPending && !busy('pdf')}
        onClick={() => download.mutate('pdf')}
      >
        Download PDF
      </Button>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={busy('csv')}
        disabled={download.isPending && !busy('csv')}
        onClick={() => download.mutate('csv')}
      >
        Download CSV
      </Button>
    </Group>
  );
}

function Summary({ statement }: { statement: AnnualStatement }) {
  const gainOf = (asset: 'GOLD' | 'QMGT') => statement.gains.find((g) => g.asset === asset)!;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <Figure
        label="Realised gain or loss"
        value={signedMoney(statement.totalGainUsdt, 'USDT')}
        exact={statement.totalGainUsdt}
      />
      <Figure label="On grams" value={signedMoney(gainOf('GOLD').gainUsdt, 'USDT')} />
      <Figure label="On QMGT" value={signedMoney(gainOf('QMGT').gainUsdt, 'USDT')} />
      <Figure
        label="Fees paid"
        value={
          statement.fees.length === 0 ? 'None' : statement.fees.map((f) => formatMoney(f.amount, f.asset)).join(' · ')
        }
      />
    </SimpleGrid>
  );
}

function Holdings({ statement }: { statement: AnnualStatement }) {
  return (
    <SectionCard title="Holdings">
      {statement.holdings.length === 0 ? (
        <Text c="dimmed">Nothing held at the opening or the closing of {statement.year}.</Text>
      ) : (
        <ScrollRegion label="Holdings, scrollable">
          <Table striped miw={480} aria-label="Holdings at the opening and closing of the year">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Holding</Table.Th>
                <Table.Th ta="right">Opening {statement.from}</Table.Th>
                <Table.Th ta="right">Closing {statement.to}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {statement.holdings.map((h) => (
                <Table.Tr key={`${h.asset}-${h.place}`}>
                  <Table.Td>{holdingLabel(h.asset, h.place)}</Table.Td>
                  <Table.Td ta="right" ff="monospace" title={h.opening}>
                    {formatMoney(h.opening, h.asset)}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace" title={h.closing}>
                    {formatMoney(h.closing, h.asset)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </SectionCard>
  );
}

function Gains({ statement }: { statement: AnnualStatement }) {
  return (
    <SectionCard title="Realised gains and losses (average cost)">
      <ScrollRegion label="Realised gains and losses, scrollable">
        <Table striped miw={720} aria-label="Realised gains and losses">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Asset</Table.Th>
              <Table.Th ta="right">Sold or redeemed</Table.Th>
              <Table.Th ta="right">Proceeds</Table.Th>
              <Table.Th ta="right">Average cost</Table.Th>
              <Table.Th ta="right">Gain or loss</Table.Th>
              <Table.Th ta="right">Held at close</Table.Th>
              <Table.Th ta="right">Its cost</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {statement.gains.map((g) => (
              <Table.Tr key={g.asset}>
                <Table.Td>{g.asset === 'GOLD' ? 'Grams' : 'QMGT'}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatMoney(g.disposed, g.asset)}
                </Table.Td>
                <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(g.proceedsUsdt, 'USDT')}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatMoney(g.costUsdt, 'USDT')}
                </Table.Td>
                <Table.Td ta="right" ff="monospace" fw={600} title={g.gainUsdt}>
                  {signedMoney(g.gainUsdt, 'USDT')}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatMoney(g.heldAtClose, g.asset)}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatMoney(g.heldCostUsdt, 'USDT')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      <div>
        <Title order={3} size="h6" mb={4}>
          How gains are worked out
        </Title>
        <List size="sm" c="dimmed" spacing={4}>
          {statement.method.map((note) => (
            <List.Item key={note}>{note}</List.Item>
          ))}
        </List>
      </div>
    </SectionCard>
  );
}

function MovementsTable({ movements }: { movements: StatementMovement[] }) {
  return (
    <ScrollRegion label="Movements, scrollable">
      <Table striped highlightOnHover miw={820} aria-label="Movements of the year">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Code</Table.Th>
            <Table.Th>Movement</Table.Th>
            <Table.Th ta="right">Change in holdings</Table.Th>
            <Table.Th ta="right">Fee</Table.Th>
            <Table.Th ta="right">Gain or loss</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {movements.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.at)}</Table.Td>
              <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {m.code ?? '—'}
              </Table.Td>
              <Table.Td>
                {m.description}
                {m.status && m.status !== 'completed' ? (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    ({m.status})
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {m.changes.length === 0 ? (
                  <Text span size="sm" c="dimmed">
                    within your accounts
                  </Text>
                ) : (
                  m.changes.map((c) => (
                    <div key={c.asset} title={`${c.amount} ${c.asset}`}>
                      {signedMoney(c.amount, c.asset, true)}
                    </div>
                  ))
                )}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {m.fee ? formatMoney(m.fee.amount, m.fee.asset) : '—'}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {m.realisedGainUsdt === null ? '—' : signedMoney(m.realisedGainUsdt, 'USDT')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/**
 * /statements: the annual statement for a tax return. A year (sign-up year to this one), the
 * summary (realised gains, fees, holdings at the opening and closing), the year's movements a
 * page at a time, and the whole year as a PDF or CSV.
 */
export function AnnualStatementView({
  year,
  onYearChange,
  thisYear,
}: {
  year: number;
  onYearChange: (year: number) => void;
  thisYear: number;
}) {
  const query = useInfiniteQuery(annualStatementQueryOptions(year));
  const first = query.data?.pages[0];
  const movements = query.data?.pages.flatMap((page) => page.movements) ?? [];
  const years = yearOptions(first?.firstYear ?? thisYear, thisYear);
  if (!years.includes(String(year))) years.push(String(year));

  return (
    <Stack gap="lg" maw={1100}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Group align="flex-end" justify="space-between" wrap="wrap" gap="md">
          <Select
            label="Year"
            data={years}
            value={String(year)}
            onChange={(value) => value && onYearChange(Number(value))}
            allowDeselect={false}
            w={140}
          />
          <Downloads year={year} />
        </Group>
        <Text size="xs" c="dimmed" mt="xs">
          A calendar year in UTC; the current year runs to today. The PDF and CSV hold every movement of the year; the
          CSV has the exact figures for a spreadsheet.
        </Text>
      </Paper>

      {query.isPending ? (
        <LoadingStatus>Loading your statement…</LoadingStatus>
      ) : query.isError && !first ? (
        <LoadFailure title="The statement could not be loaded" query={query} />
      ) : first ? (
        <>
          <Summary statement={first} />
          {first.holdings.length === 0 && movements.length === 0 ? (
            <EmptyState action={{ label: 'Go to your dashboard', to: paths.dashboard.to() }}>
              You had no activity in {first.year}: nothing bought, sold, saved or received, and nothing held. The PDF
              and CSV still state it, should your tax office ask.
            </EmptyState>
          ) : (
            <>
              <Holdings statement={first} />
              <Gains statement={first} />
              <SectionCard title={`Movements in ${first.year}`}>
                {movements.length === 0 ? (
                  <Text c="dimmed">No movements in {first.year}: what you held did not change.</Text>
                ) : (
                  <MovementsTable movements={movements} />
                )}
                {query.isFetchNextPageError ? (
                  <LoadFailure
                    title="More movements could not be loaded"
                    query={{ error: query.error, refetch: () => query.fetchNextPage() }}
                    inline
                  />
                ) : null}
                <LoadMore
                  shown={`Showing ${movements.length} movement${movements.length === 1 ? '' : 's'}, oldest first`}
                  hasMore={query.hasNextPage}
                  loading={query.isFetchingNextPage}
                  onLoadMore={() => void query.fetchNextPage()}
                  label="Load more movements"
                />
              </SectionCard>
            </>
          )}
        </>
      ) : null}
    </Stack>
  );
}
