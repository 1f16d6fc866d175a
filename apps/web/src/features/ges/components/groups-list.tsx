import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { gesGroupsQueryOptions } from '../api/ges-api';
import { GroupStatus, GroupTerms } from './group-terms';

/** /ges: open groups with their terms and seats, and the groups the customer joined. */
export function GroupsList() {
  const query = useQuery(gesGroupsQueryOptions());
  if (query.isPending) return <Loader aria-label="Loading groups" />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error, 'The groups could not be loaded.')}</Alert>;
  const groups = query.data.data;
  if (groups.length === 0)
    return (
      <Paper withBorder radius="lg" p="lg" maw={620}>
        <Text fw={600}>No groups are open right now.</Text>
        <Text size="sm" c="dimmed">
          A group saves together: each member pays the same instalment every month and buys gold at that day&apos;s
          price, with a bonus at the end. New groups are announced here.
        </Text>
        {/* The next step, not a dead end (issue 23, problem 22): gold can be saved today. */}
        <Text size="sm" mt="sm">
          Meanwhile, a GAE plan saves gold from 1 gram, whenever you like.
        </Text>
        <Button component={Link} to={paths.gaePurchase.to()} variant="light" mt="sm">
          Start a GAE plan
        </Button>
      </Paper>
    );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {groups.map((group) => (
        <Paper key={group.id} withBorder radius="lg" p="lg">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Title order={2} size="h4">
                {group.name}
              </Title>
              <GroupStatus group={group} />
            </Group>
            <GroupTerms group={group} />
            <Group>
              {group.membership ? (
                <Button component={Link} to={paths.gesGroup.to(group.id, group.name, group.documentId)} variant="light">
                  Open passbook
                </Button>
              ) : group.joinable ? (
                <Button component={Link} to={paths.gesJoin.to(group.id, group.documentId)}>
                  Read the agreement and join
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
