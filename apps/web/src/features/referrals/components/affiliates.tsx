import {
  Alert,
  Button,
  Code,
  Group,
  Loader,
  Paper,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { REFERRAL_LEVELS, REFERRAL_RATES_BPS } from '@qmgt/contracts';
import { IconCopy } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { LoadMore } from '@/components/ui/load-more';
import { QrCode } from '@/components/ui/qr-code';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { copyReferralLink } from '@/lib/copy-feedback';
import { formatDate } from '@/lib/format';
import { formatAmount } from '@/lib/money';
import { affiliatesQueryOptions } from '../api/growth-api';

const PAGE_SIZE = 20;

/** /My-Affiliates: the downline three levels deep, per level and member, with the referral link. */
export function Affiliates({ referralLink }: { referralLink: string }) {
  const [level, setLevel] = useState('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = useInfiniteQuery({
    ...affiliatesQueryOptions({
      level: level === 'all' ? undefined : Number(level),
      search: debounced || undefined,
      pageSize: PAGE_SIZE,
    }),
    // A new filter keeps the old figures on screen until its first page arrives.
    placeholderData: keepPreviousData,
  });
  // The level figures come from counters with every page; the members add up page by page.
  const data = query.data && {
    levels: query.data.pages[0]?.levels ?? [],
    total: query.data.pages[0]?.total ?? null,
    members: query.data.pages.flatMap((page) => page.members),
  };

  return (
    <Stack gap="lg" maw={1100}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {REFERRAL_LEVELS.map((n) => {
          const figures = data?.levels.find((l) => l.level === n);
          return (
            <Paper key={n} withBorder radius="md" p="md">
              <Text size="xs" c="dimmed">
                Level {n} ({REFERRAL_RATES_BPS[n] / 100}% rewards)
              </Text>
              <Text fw={700} size="lg">
                {figures ? `${figures.count} ${figures.count === 1 ? 'member' : 'members'}` : '…'}
              </Text>
              <Text size="xs" c="dimmed">
                {figures ? `${formatAmount(figures.volumeUsdt, 'USDT')} USDT of purchases` : ''}
              </Text>
            </Paper>
          );
        })}
      </SimpleGrid>
      <Paper withBorder radius="lg" p="md">
        <Group align="center" wrap="wrap" gap="lg">
          <div className="qr-frame">
            <QrCode value={referralLink} size={100} level="H" aria-label="Referral QR code" />
          </div>
          <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
            <Text size="sm" fw={500}>
              Your referral link
            </Text>
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {referralLink}
            </Code>
            <Button
              size="xs"
              variant="light"
              w="fit-content"
              leftSection={<IconCopy size={14} aria-hidden />}
              onClick={() => void copyReferralLink(referralLink)}
            >
              Copy link
            </Button>
          </Stack>
        </Group>
      </Paper>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <Group wrap="wrap">
            <SegmentedControl
              aria-label="Level"
              value={level}
              onChange={setLevel}
              data={[
                { value: 'all', label: 'All' },
                { value: '1', label: 'Level 1' },
                { value: '2', label: 'Level 2' },
                { value: '3', label: 'Level 3' },
              ]}
            />
            <TextInput
              aria-label="Search by username"
              placeholder="Search by username"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
          </Group>
          {query.isPending ? (
            <Loader aria-label="Loading your affiliates" />
          ) : query.isError && !data ? (
            <Alert color="red">{errorMessage(query.error, 'Your affiliates could not be loaded.')}</Alert>
          ) : data && data.members.length === 0 ? (
            <Text c="dimmed">
              {debounced || level !== 'all'
                ? 'Nobody matches.'
                : 'Nobody has joined through your link yet. Share it to start earning rewards.'}
            </Text>
          ) : data ? (
            <>
              <ScrollArea type="auto">
                <Table striped miw={640} aria-label="Affiliates">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Username</Table.Th>
                      <Table.Th>Level</Table.Th>
                      <Table.Th>Joined</Table.Th>
                      <Table.Th>KYC</Table.Th>
                      <Table.Th ta="right">Purchases</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.members.map((m) => (
                      <Table.Tr key={`${m.username}-${m.level}`}>
                        <Table.Td>{m.username}</Table.Td>
                        <Table.Td>{m.level}</Table.Td>
                        <Table.Td>{formatDate(m.joinedAt)}</Table.Td>
                        <Table.Td>{m.kycVerified}</Table.Td>
                        <Table.Td ta="right" ff="monospace">
                          {formatAmount(m.volumeUsdt, 'USDT')} USDT
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
              <LoadMore
                shown={
                  data.total === null
                    ? `Showing ${data.members.length} ${data.members.length === 1 ? 'member' : 'members'}`
                    : `Showing ${data.members.length} of ${data.total} ${data.total === 1 ? 'member' : 'members'}`
                }
                hasMore={query.hasNextPage && !query.isPlaceholderData}
                loading={query.isFetchingNextPage}
                onLoadMore={() => void query.fetchNextPage()}
                label="Load more members"
              />
              {query.isFetchNextPageError ? (
                <Alert color="red">{errorMessage(query.error, 'More members could not be loaded.')}</Alert>
              ) : null}
            </>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
