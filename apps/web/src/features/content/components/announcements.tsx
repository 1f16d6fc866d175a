import { Alert, Anchor, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { Markdown } from '@/components/ui/markdown';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useSessionStore } from '@/lib/session-store';
import { announcementQueryOptions, announcementsQueryOptions } from '../api/content-api';

/** The first words of an announcement, without its markdown marks. */
const excerpt = (body: string) => {
  const plain = body
    .replace(/[#*_`>[\]()-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 180 ? `${plain.slice(0, 177)}…` : plain;
};

/** Nothing published yet: say what will appear here, and offer the visitor's next step. */
function NoAnnouncements() {
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  return (
    <EmptyState
      action={
        isAuthenticated
          ? { label: 'Go to your account', to: paths.home.to() }
          : { label: 'Create an account', to: paths.signUp.to() }
      }
    >
      No announcements yet. News about the platform, such as the audits of the gold in our vaults, will appear here.
    </EmptyState>
  );
}

/** /Announcements: pinned first, then newest, for guests and customers. */
export function AnnouncementsList() {
  const query = useQuery(announcementsQueryOptions());
  if (query.isPending) return <Loader aria-label="Loading announcements" />;
  if (query.isError)
    return <Alert color="red">{errorMessage(query.error, 'The announcements could not be loaded.')}</Alert>;
  if (query.data.data.length === 0) return <NoAnnouncements />;
  return (
    <Stack gap="md" maw={760}>
      {query.data.data.map((a) => (
        <Paper key={a.id} withBorder radius="lg" p="lg" component="article">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={2} size="h4">
              <Anchor component={Link} to={paths.announcement.to(a.id)} inherit>
                {a.title}
              </Anchor>
            </Title>
            {a.pinned ? (
              <Badge color="gold" style={{ flexShrink: 0 }}>
                Pinned
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed" mb="xs">
            {formatDate(a.publishedAt)}
          </Text>
          <Text size="sm">{excerpt(a.body)}</Text>
        </Paper>
      ))}
    </Stack>
  );
}

/** /Announcements/{id}: one announcement in full. */
export function AnnouncementDetail({ id }: { id: string }) {
  const query = useQuery(announcementQueryOptions(id));
  if (query.isPending) return <Loader aria-label="Loading the announcement" />;
  if (query.isError)
    return <Alert color="red">{errorMessage(query.error, 'This announcement could not be loaded.')}</Alert>;
  const a = query.data.announcement;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={760} component="article">
      <Title order={2} size="h3">
        {a.title}
      </Title>
      <Text size="xs" c="dimmed" mb="md">
        {formatDate(a.publishedAt)}
        {a.updatedAt !== a.publishedAt ? ` · corrected ${formatDate(a.updatedAt)}` : ''}
      </Text>
      <Markdown source={a.body} />
      <Anchor component={Link} to={paths.announcements.to()} size="sm">
        All announcements
      </Anchor>
    </Paper>
  );
}
