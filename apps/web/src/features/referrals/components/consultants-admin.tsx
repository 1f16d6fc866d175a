import { zodResolver } from '@hookform/resolvers/zod';
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
import { consultantInputSchema, type ConsultantInput } from '@qmgt/contracts';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { LoadMore } from '@/components/ui/load-more';
import { countOf } from '@/lib/format';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { refuseAtField } from '@/lib/form-refusal';
import { notifyError, notifySuccess } from '@/lib/notify';
import { adminConsultantsQueryOptions, saveConsultantMutation, withdrawConsultantMutation } from '../api/growth-api';

const FIELDS = ['email', 'displayName', 'bio'] as const;

/** /admin/consultants (operators): mark an account consultant (its public page), edit it, withdraw it. */
export function ConsultantsAdmin() {
  const query = useInfiniteQuery(adminConsultantsQueryOptions());
  const listed = query.data?.pages.flatMap((page) => page.data) ?? [];
  // The contract's schema checks the form before it is sent; a refusal is said at the field it names.
  const form = useForm<z.input<typeof consultantInputSchema>, unknown, ConsultantInput>({
    resolver: zodResolver(consultantInputSchema),
    defaultValues: { email: '', displayName: '', bio: '' },
  });
  const { errors } = form.formState;
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    ...saveConsultantMutation(),
    onSuccess: (consultant) => {
      notifySuccess(`${consultant.displayName}'s page is at /Consultant/${consultant.name}.`);
      form.reset();
      setError(null);
    },
    onError: (failure) => setError(refuseAtField(form, failure, FIELDS) ? null : errorMessage(failure)),
  });
  const submit = form.handleSubmit((consultant) => save.mutate(consultant));
  const withdraw = useMutation({
    ...withdrawConsultantMutation(),
    onSuccess: (consultant) => notifySuccess(`${consultant.displayName}'s page is withdrawn.`),
    onError: (failure) => notifyError(errorMessage(failure)),
  });

  return (
    <Stack gap="lg" maw={1000}>
      <Paper withBorder radius="lg" p="lg">
        <form onSubmit={(event) => void submit(event)} noValidate>
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
                {...form.register('email')}
                error={errors.email?.message}
              />
              <TextInput
                label="Display name"
                required
                {...form.register('displayName')}
                error={errors.displayName?.message}
              />
            </Group>
            <Textarea
              label="Bio"
              autosize
              minRows={3}
              maxLength={2000}
              {...form.register('bio')}
              error={errors.bio?.message}
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
