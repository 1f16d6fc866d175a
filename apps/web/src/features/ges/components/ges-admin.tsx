import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { GesGroupInput } from '@qmgt/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { formatAmount } from '@/lib/money';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  adminGesGroupsQueryOptions,
  closeGesGroup,
  gesKeys,
  publishGesAgreement,
  publishGesGroup,
} from '../api/ges-api';

const today = () => new Date().toISOString().slice(0, 10);
const EMPTY = {
  name: '',
  instalmentUsdt: '',
  termMonths: 11,
  memberCap: 50,
  startDate: today(),
  bonusInstalments: 1,
  title: '',
  text: '',
};

/** The server's refusal at its field, else null (shown under the form). */
function fieldOf(failure: unknown): { field: string; message: string } | null {
  if (!(failure instanceof ApiError)) return null;
  if (typeof failure.details.field === 'string') return { field: failure.details.field, message: failure.message };
  const issue = (failure.details.issues as { path?: string; message: string }[] | undefined)?.[0];
  return issue?.path ? { field: issue.path.split('.').at(-1)!, message: issue.message } : null;
}

function PublishForm() {
  const queryClient = useQueryClient();
  const [form, setForm] = useState(EMPTY);
  const publish = useMutation({
    mutationFn: (input: GesGroupInput) => publishGesGroup(input),
    meta: { silent: true },
    onSuccess: ({ group }) => {
      notifySuccess(`${group.name} is published.`);
      setForm({ ...EMPTY, startDate: today() });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: gesKeys.all }),
  });
  const refused = publish.error ? fieldOf(publish.error) : null;
  const errorAt = (field: string) => (refused?.field === field ? refused.message : undefined);
  const set = (field: keyof typeof EMPTY) => (value: string | number) => setForm({ ...form, [field]: value });
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          publish.mutate({
            name: form.name,
            instalmentUsdt: form.instalmentUsdt.trim(),
            termMonths: Number(form.termMonths),
            memberCap: Number(form.memberCap),
            startDate: form.startDate,
            bonusInstalments: Number(form.bonusInstalments),
            agreement: { title: form.title, text: form.text },
          });
        }}
      >
        <Stack gap="sm">
          <Text fw={600}>Publish a group</Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Name"
              required
              maxLength={80}
              value={form.name}
              onChange={(e) => set('name')(e.currentTarget.value)}
              error={errorAt('name')}
            />
            <TextInput
              label="Monthly instalment (USDT)"
              required
              inputMode="decimal"
              value={form.instalmentUsdt}
              onChange={(e) => set('instalmentUsdt')(e.currentTarget.value)}
              error={errorAt('instalmentUsdt')}
            />
            <TextInput
              label="First instalment (start date)"
              type="date"
              required
              value={form.startDate}
              onChange={(e) => set('startDate')(e.currentTarget.value)}
              description="Days 1-28: instalments fall on this day each month"
              error={errorAt('startDate')}
            />
            <NumberInput
              label="Term (months)"
              required
              min={2}
              max={60}
              value={form.termMonths}
              onChange={set('termMonths')}
              error={errorAt('termMonths')}
            />
            <NumberInput
              label="Member cap"
              required
              min={1}
              max={10000}
              value={form.memberCap}
              onChange={set('memberCap')}
              error={errorAt('memberCap')}
            />
            <NumberInput
              label="Maturity bonus (instalments)"
              min={0}
              max={3}
              value={form.bonusInstalments}
              onChange={set('bonusInstalments')}
              error={errorAt('bonusInstalments')}
            />
          </SimpleGrid>
          <TextInput
            label="Agreement title"
            required
            maxLength={160}
            value={form.title}
            onChange={(e) => set('title')(e.currentTarget.value)}
            error={errorAt('title')}
          />
          <Textarea
            label="Agreement text"
            required
            autosize
            minRows={4}
            maxRows={12}
            value={form.text}
            onChange={(e) => set('text')(e.currentTarget.value)}
            error={errorAt('text')}
          />
          {publish.error && !refused ? (
            <Alert color="red">{errorMessage(publish.error, 'The group could not be published.')}</Alert>
          ) : null}
          <Button type="submit" loading={publish.isPending} w="fit-content">
            Publish group
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** /admin/ges (operators): publish groups, close them, publish new agreement versions; all audited. */
export function GesAdmin() {
  const queryClient = useQueryClient();
  const query = useQuery(adminGesGroupsQueryOptions());
  const [agreementFor, setAgreementFor] = useState<{ id: string; name: string } | null>(null);
  const [agreement, setAgreement] = useState({ title: '', text: '' });
  const invalidate = () => void queryClient.invalidateQueries({ queryKey: gesKeys.all });
  const close = useMutation({
    mutationFn: closeGesGroup,
    meta: { silent: true },
    onSuccess: ({ group }) => notifySuccess(`${group.name} is closed to new members.`),
    onError: (failure) => notifyError(errorMessage(failure)),
    onSettled: invalidate,
  });
  const newVersion = useMutation({
    mutationFn: (input: { id: string; title: string; text: string }) => publishGesAgreement(input.id, input),
    meta: { silent: true },
    onSuccess: ({ group }) => {
      notifySuccess(`${group.name}: agreement version ${group.documentVersion} is current.`);
      setAgreementFor(null);
    },
    onSettled: invalidate,
  });

  return (
    <Stack gap="lg">
      <PublishForm />
      {query.isPending ? (
        <Loader aria-label="Loading groups" />
      ) : query.isError ? (
        <Alert color="red">{errorMessage(query.error, 'The groups could not be loaded.')}</Alert>
      ) : query.data.data.length === 0 ? (
        <Text c="dimmed">No groups yet.</Text>
      ) : (
        <Paper withBorder radius="lg" p="md">
          <ScrollArea type="auto">
            <Table striped miw={860} aria-label="Groups">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Group</Table.Th>
                  <Table.Th ta="right">Instalment</Table.Th>
                  <Table.Th>Term</Table.Th>
                  <Table.Th>Members</Table.Th>
                  <Table.Th>Agreement</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.data.map((g) => (
                  <Table.Tr key={g.id}>
                    <Table.Td>{g.name}</Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {formatAmount(g.instalmentUsdt, 'USDT')} USDT
                    </Table.Td>
                    <Table.Td>
                      {g.termMonths} months from {formatDate(g.startDate)}
                    </Table.Td>
                    <Table.Td>
                      {g.membersCount} of {g.memberCap}
                    </Table.Td>
                    <Table.Td>version {g.documentVersion}</Table.Td>
                    <Table.Td>
                      <Badge color={g.status === 'open' ? 'green' : 'gray'} variant="light">
                        {g.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="light" onClick={() => setAgreementFor({ id: g.id, name: g.name })}>
                          New agreement
                        </Button>
                        {g.status === 'open' ? (
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            loading={close.isPending && close.variables === g.id}
                            onClick={() => {
                              if (window.confirm(`Close ${g.name} to new members? Members' instalments go on.`))
                                close.mutate(g.id);
                            }}
                            aria-label={`Close ${g.name}`}
                          >
                            Close
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Paper>
      )}
      <Modal
        opened={agreementFor !== null}
        onClose={() => setAgreementFor(null)}
        title={`New agreement: ${agreementFor?.name ?? ''}`}
        centered
        size="lg"
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (agreementFor) newVersion.mutate({ id: agreementFor.id, ...agreement });
          }}
        >
          <Stack>
            <Text size="sm" c="dimmed">
              New members accept the new version; members keep the version they accepted.
            </Text>
            <TextInput
              label="Title"
              required
              maxLength={160}
              value={agreement.title}
              onChange={(e) => setAgreement({ ...agreement, title: e.currentTarget.value })}
            />
            <Textarea
              label="Text"
              required
              autosize
              minRows={6}
              value={agreement.text}
              onChange={(e) => setAgreement({ ...agreement, text: e.currentTarget.value })}
            />
            {newVersion.error ? (
              <Alert color="red">{errorMessage(newVersion.error, 'The agreement could not be published.')}</Alert>
            ) : null}
            <Button type="submit" loading={newVersion.isPending} w="fit-content">
              Publish version
            </Button>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
