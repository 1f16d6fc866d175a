import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  GES_AGREEMENT_FILE_MAX_BYTES,
  GES_BONUS_INSTALMENTS,
  GES_MEMBER_CAP,
  GES_TERM_MONTHS,
  earliestGesStartDate,
  gesTermsFrozenReason,
  type AdminGesGroup,
  type GesGroupInput,
} from '@qmgt/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PagedQueryTable } from '@/components/ui/data-table';
import { errorMessage, refusedField } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { formatAmount } from '@/lib/money';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  adminGesGroupsQueryOptions,
  closeGesGroup,
  gesKeys,
  openGesGroup,
  publishGesAgreement,
  publishGesGroup,
  uploadGesAgreement,
} from '../api/ges-api';
import { EditGroupDialog } from './edit-group-dialog';

/** The earliest start the server takes today (the 29th-31st are not in every month). */
const firstStart = () => earliestGesStartDate(new Date().toISOString().slice(0, 10));
const EMPTY = {
  name: '',
  instalmentUsdt: '',
  termMonths: 11,
  memberCap: 50,
  startDate: firstStart(),
  bonusInstalments: 1,
  title: '',
  text: '',
};

function CreateForm() {
  const queryClient = useQueryClient();
  const [form, setForm] = useState(EMPTY);
  const publish = useMutation({
    mutationFn: (input: GesGroupInput) => publishGesGroup(input),
    meta: { silent: true },
    onSuccess: ({ group }) => {
      notifySuccess(
        group.documentId
          ? `${group.name} is saved as a draft. Open it to publish it.`
          : `${group.name} is saved as a draft. Add its agreement, then open it.`,
      );
      setForm({ ...EMPTY, startDate: firstStart() });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: gesKeys.all }),
  });
  const refused = refusedField(publish.error);
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
            // A draft may get its agreement later; an agreement half filled in is the server's to refuse.
            ...(form.title.trim() || form.text.trim() ? { agreement: { title: form.title, text: form.text } } : {}),
          });
        }}
      >
        <Stack gap="sm">
          <Text fw={600}>Create a group</Text>
          <Text size="sm" c="dimmed">
            A new group is a draft: customers see it only once you open it.
          </Text>
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
              min={GES_TERM_MONTHS.min}
              max={GES_TERM_MONTHS.max}
              value={form.termMonths}
              onChange={set('termMonths')}
              error={errorAt('termMonths')}
            />
            <NumberInput
              label="Member cap"
              required
              min={GES_MEMBER_CAP.min}
              max={GES_MEMBER_CAP.max}
              value={form.memberCap}
              onChange={set('memberCap')}
              error={errorAt('memberCap')}
            />
            <NumberInput
              label="Maturity bonus (instalments)"
              min={GES_BONUS_INSTALMENTS.min}
              max={GES_BONUS_INSTALMENTS.max}
              value={form.bonusInstalments}
              onChange={set('bonusInstalments')}
              error={errorAt('bonusInstalments')}
            />
          </SimpleGrid>
          <TextInput
            label="Agreement title"
            description="Optional now: paste the agreement here, or add or upload it later. A group opens only with one."
            maxLength={160}
            value={form.title}
            onChange={(e) => set('title')(e.currentTarget.value)}
            error={errorAt('title')}
          />
          <Textarea
            label="Agreement text"
            autosize
            minRows={4}
            maxRows={12}
            value={form.text}
            onChange={(e) => set('text')(e.currentTarget.value)}
            error={errorAt('text')}
          />
          {publish.error && !refused ? (
            <Alert color="red">{errorMessage(publish.error, 'The group could not be created.')}</Alert>
          ) : null}
          <Button type="submit" loading={publish.isPending} w="fit-content">
            Create draft
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** A new agreement version, pasted or uploaded as a text or Markdown file. */
function AgreementModal({ group, onClose }: { group: AdminGesGroup | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [source, setSource] = useState<'paste' | 'file'>('paste');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const tooLarge = file !== null && file.size > GES_AGREEMENT_FILE_MAX_BYTES;
  const newVersion = useMutation({
    mutationFn: (input: { id: string; title: string; text: string; file: File | null }) =>
      input.file
        ? uploadGesAgreement(input.id, { title: input.title, file: input.file })
        : publishGesAgreement(input.id, { title: input.title, text: input.text }),
    meta: { silent: true },
    onSuccess: ({ group: changed }) => {
      notifySuccess(`${changed.name}: agreement version ${changed.documentVersion} is current.`);
      setTitle('');
      setText('');
      setFile(null);
      onClose();
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: gesKeys.all }),
  });
  return (
    <Modal
      opened={group !== null}
      onClose={() => {
        newVersion.reset();
        onClose();
      }}
      title={`New agreement: ${group?.name ?? ''}`}
      centered
      size="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!group || (source === 'file' && (!file || tooLarge))) return;
          newVersion.mutate({ id: group.id, title, text, file: source === 'file' ? file : null });
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            New members accept the new version; members keep the version they accepted. Its SHA-256 is recorded.
          </Text>
          <TextInput
            label="Title"
            required
            maxLength={160}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
          <SegmentedControl
            value={source}
            onChange={(value) => setSource(value as 'paste' | 'file')}
            data={[
              { value: 'paste', label: 'Paste the text' },
              { value: 'file', label: 'Upload a file' },
            ]}
            w="fit-content"
          />
          {source === 'paste' ? (
            <Textarea
              label="Text"
              required
              autosize
              minRows={6}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
            />
          ) : (
            <FileInput
              label="Agreement file"
              description={`A text or Markdown file (.md or .txt, UTF-8), up to ${GES_AGREEMENT_FILE_MAX_BYTES / 1000} KB. Stored exactly as uploaded.`}
              placeholder="Choose a file"
              accept=".md,.markdown,.txt,text/markdown,text/plain"
              required
              clearable
              value={file}
              onChange={setFile}
              error={tooLarge ? `The file is larger than ${GES_AGREEMENT_FILE_MAX_BYTES / 1000} KB.` : undefined}
              fileInputProps={{ 'aria-label': 'Agreement file' }}
            />
          )}
          {newVersion.error ? (
            <Alert color="red">{errorMessage(newVersion.error, 'The agreement could not be published.')}</Alert>
          ) : null}
          <Button type="submit" loading={newVersion.isPending} w="fit-content">
            Publish version
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

const STATUS_COLOR = { draft: 'yellow', open: 'green', closed: 'gray' } as const;

/**
 * /admin/ges (operators): create groups as drafts, edit their terms before anyone joins, give
 * them agreements (pasted or uploaded), open and close them; every change is audited by the server.
 */
export function GesAdmin() {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(adminGesGroupsQueryOptions());
  const [agreementFor, setAgreementFor] = useState<AdminGesGroup | null>(null);
  const [editing, setEditing] = useState<AdminGesGroup | null>(null);
  // The server decides under the group's lock; this only decides whether to offer Edit.
  const today = new Date().toISOString().slice(0, 10);
  const invalidate = () => void queryClient.invalidateQueries({ queryKey: gesKeys.all });
  const open = useMutation({
    mutationFn: (group: AdminGesGroup) => openGesGroup(group.id),
    meta: { silent: true },
    onSuccess: ({ group }) => notifySuccess(`${group.name} is open: customers can join it.`),
    onError: (failure) => notifyError(errorMessage(failure, 'The group could not be opened.')),
    onSettled: invalidate,
  });
  const close = useMutation({
    mutationFn: (group: AdminGesGroup) => closeGesGroup(group.id),
    meta: { silent: true },
    onSuccess: ({ group }) => notifySuccess(`${group.name} is closed to new members.`),
    onError: (failure) => notifyError(errorMessage(failure, 'The group could not be closed.')),
    onSettled: invalidate,
  });
  const failed = open.error
    ? { action: 'opened', mutation: open }
    : close.error
      ? { action: 'closed', mutation: close }
      : null;

  return (
    <Stack gap="lg">
      <CreateForm />
      {failed ? (
        <Alert color="red" withCloseButton onClose={() => failed.mutation.reset()} closeButtonLabel="Dismiss">
          {failed.mutation.variables?.name} could not be {failed.action}: {errorMessage(failed.mutation.error)}
        </Alert>
      ) : null}
      <PagedQueryTable
        query={query}
        noun={{ one: 'group', other: 'groups' }}
        loadingLabel="Loading groups"
        failure="The groups could not be loaded."
        empty="No groups yet."
        label="Groups"
        minWidth={920}
        columns={[
          { header: 'Group', cell: (g) => g.name },
          { header: 'Instalment', numeric: true, cell: (g) => `${formatAmount(g.instalmentUsdt, 'USDT')} USDT` },
          { header: 'Term', cell: (g) => `${g.termMonths} months from ${formatDate(g.startDate)}` },
          { header: 'Members', cell: (g) => `${g.membersCount} of ${g.memberCap}` },
          {
            header: 'Agreement',
            cell: (g) => (g.documentVersion === null ? 'none yet' : `version ${g.documentVersion}`),
          },
          {
            header: 'Status',
            cell: (g) => (
              <Badge color={STATUS_COLOR[g.status]} variant="light">
                {g.status}
              </Badge>
            ),
          },
          {
            header: '',
            cell: (g) => (
              <Group gap="xs" wrap="nowrap">
                {gesTermsFrozenReason(g, today) === null ? (
                  <Button size="xs" variant="default" onClick={() => setEditing(g)} aria-label={`Edit ${g.name}`}>
                    Edit
                  </Button>
                ) : null}
                {g.status !== 'closed' ? (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setAgreementFor(g)}
                    aria-label={`New agreement for ${g.name}`}
                  >
                    New agreement
                  </Button>
                ) : null}
                {g.status === 'draft' ? (
                  <Button
                    size="xs"
                    color="green"
                    disabled={g.documentId === null}
                    title={g.documentId === null ? 'Add the agreement first' : undefined}
                    loading={open.isPending && open.variables?.id === g.id}
                    onClick={() => open.mutate(g)}
                    aria-label={`Open ${g.name}`}
                  >
                    Open
                  </Button>
                ) : null}
                {g.status !== 'closed' ? (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    loading={close.isPending && close.variables?.id === g.id}
                    onClick={() => {
                      if (window.confirm(`Close ${g.name} to new members? Members' instalments go on.`))
                        close.mutate(g);
                    }}
                    aria-label={`Close ${g.name}`}
                  >
                    Close
                  </Button>
                ) : null}
              </Group>
            ),
          },
        ]}
      />
      <AgreementModal group={agreementFor} onClose={() => setAgreementFor(null)} />
      <EditGroupDialog group={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
