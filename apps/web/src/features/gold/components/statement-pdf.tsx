import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { LoadFailure } from '@/components/ui/load-states';
import { downloadStatementPdf, type StatementRange } from '../api/gold-api';

/** /pdf: the statement PDF made on the server, shown in the page and downloadable. */
export function StatementPdf({ range }: { range: StatementRange }) {
  const query = useQuery({
    queryKey: ['gold', 'statement-pdf', range.from, range.to, range.cursor ?? ''],
    queryFn: ({ signal }) => downloadStatementPdf(range, signal),
    gcTime: 0,
    meta: { silent: true },
  });
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data.blob) : null), [query.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const filename = query.data?.filename ?? `qmgt-gae-statement-${range.from || 'start'}-${range.to || 'today'}.pdf`;

  if (query.isPending)
    return (
      <Stack align="center" py="xl" gap="xs">
        <Loader aria-label="Making your statement" />
        <Text size="sm" c="dimmed">
          Making your statement…
        </Text>
      </Stack>
    );
  if (query.isError)
    return <LoadFailure title="The statement could not be made" query={query} fallback="Please try again." gap="xs" />;
  return (
    <Stack gap="md" maw={1000}>
      <Group>
        <Button
          component="a"
          href={url ?? undefined}
          download={filename}
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Download PDF
        </Button>
        <Text size="sm" c="dimmed">
          {filename}
        </Text>
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <iframe
          title="GAE account statement"
          src={url ?? undefined}
          style={{ width: '100%', height: '80vh', border: 0 }}
        />
      </Paper>
    </Stack>
  );
}
