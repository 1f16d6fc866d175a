import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { LoadMore } from '@/components/ui/load-more';
import { countOf } from '@/lib/format';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { adminConsultantsQueryOptions, saveConsultant, withdrawConsultant } from '../api/growth-api';

/** /admin/consultants (operators): mark an account consultant (its public page), edit it, withdraw it. */
export function ConsultantsAdmin() {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(adminConsultantsQueryOptions());
  const listed = query.data?.pages.flatMap((page) => page.data) ?? [];
  const [form, setForm] = useState({ email: '', displayName: '', bio: '' });
  const [error, setError] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['growth', 'admin', 'consultants'] });
  const save = useMutation({
    mutationFn: saveConsultant,
    meta: { silent: true },
    onSuccess: (consultant) => {
      notifySuccess(`${consultant.displayName}'s page is at /Consultant/${consultant.name}.`);
      setForm({ email: '', displayName: '', bio: '' });
      setError(null);
      refresh();
    },
    onError: (failure) => setError(errorMessage(failure)),
  });
  const withdraw = useMutation({
    mutationFn: withdrawConsultant,
    meta: { silent: true },
    onSuccess: (consultant) => {
      notifySuccess(`${consultant.displayName}'s page is withdrawn.`);
      refresh();
    },
    onError: (failure) => notifyError(errorMessage(failure)),
  });

  return (
    <Stack gap="lg" maw={1000}>
      <Paper withBorder radius="lg" p="lg">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({ email: form.email.trim(), displayName: form.displayName.trim(), bio: form.bio });
          }}
        >
          <Stack gap="sm">
            <Title order={2} size="h5">
              Mark a consultant
            </Title>
            <Text size="sm" c="dimmed">
              The account&apos;s profile picture and referral code appear on the public page; the same e-mail again
              edits the page.
            </Text>
            <Group grow align="flex-start">
              <TextInput
                label="Account e-mail"
                type="email"
                required
                value={form.email}
                onChange={(e) => setForm({ ...form, email: e.currentTarget.value })}
              />
              <TextInput
                label="Display name"
                required
                value={form.displayName}
                onChange={(e) => setForm({ ...form, displayName: e.currentTarget.value })}
              />
            </Group>
            <Textarea
              label="Bio"
              autosize
              minRows={3}
              maxLength={2000}
              value={form.bio}
              onChange={(e) => setForm({ ...form, bio: e.currentTarget.value })}
            />
            {error ? (
              <Text size="sm" c="red" role="alert">
                {error}
              </Text>
            ) : null}
            <Button type="submit" loading={save.isPending} w="fit-content">
              Save consultant
            </Button>
          </Stack>
        </form>
      </Paper>
      <Paper withBorder radius="lg" p="md">
        {query.isPending ? (
          <Loader aria-label="Loading consultants" />
        ) : query.isError && listed.length === 0 ? (
          <Alert color="red">{errorMessage(query.error, 'The consultants could not be loaded.')}</Alert>
        ) : listed.length === 0 ? (
          <Text c="dimmed">No consultants yet.</Text>
        ) : (
          <ScrollArea type="auto">
            <Table striped miw={640} aria-label="Consultants">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Account</Table.Th>
                  <Table.Th>Page</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {listed.map((c) => (
                  <Table.Tr key={c.name}>
                    <Table.Td>{c.displayName}</Table.Td>
                    <Table.Td>{c.email}</Table.Td>
                    <Table.Td>
                      {c.active ? (
                        <Anchor component={Link} to={paths.consultant.to(c.name)}>
                          /Consultant/{c.name}
                        </Anchor>
                      ) : (
                        <Badge color="gray" variant="light">
                          withdrawn
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {c.active ? (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => withdraw.mutate(c.name)}
                          aria-label={`Withdraw ${c.displayName}`}
                        >
                          Withdraw
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
        {listed.length > 0 ? (
          <LoadMore
            shown={`Showing ${countOf(listed.length, { one: 'consultant', other: 'consultants' })}`}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
            label="Load more consultants"
          />
        ) : null}
        {query.isFetchNextPageError ? (
          <Alert color="red">{errorMessage(query.error, 'The consultants could not be loaded.')}</Alert>
        ) : null}
      </Paper>
    </Stack>
  );
}
