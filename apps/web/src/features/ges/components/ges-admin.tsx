import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  GES_AGREEMENT_FILE_MAX_BYTES,
  earliestGesStartDate,
  gesAgreementFileFieldsSchema,
  gesAgreementInputSchema,
  gesGroupInputSchema,
  gesTermsFrozenReason,
  type AdminGesGroup,
  type GesGroupInput,
} from '@qmgt/contracts';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { PagedQueryTable } from '@/components/ui/data-table';
import { errorMessage, refusedField } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { refuseAtField } from '@/lib/form-refusal';
import { formatAmount } from '@/lib/money';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  adminGesGroupsQueryOptions,
  closeGesGroupMutation,
  newGesAgreementMutation,
  openGesGroupMutation,
  publishGesGroupMutation,
} from '../api/ges-api';
import { EditGroupDialog, GroupTermsFields, termOf } from './edit-group-dialog';

/** The earliest start the server takes today (the 29th-31st are not in every month). */
const firstStart = () => earliestGesStartDate(new Date().toISOString().slice(0, 10));
type GesAgreementInput = z.input<typeof gesAgreementInputSchema>;
type NewGroup = z.input<typeof gesGroupInputSchema>;
const blankGroup = (): NewGroup => ({
  name: '',
  instalmentUsdt: '',
  termMonths: 11,
  memberCap: 50,
  startDate: firstStart(),
  bonusInstalments: 1,
  agreement: { title: '', text: '' },
});
const contractResolver = zodResolver(gesGroupInputSchema);
/** The contract's schema, with the agreement only when some of it is filled in: a draft may get it later. */
const newGroupResolver: Resolver<NewGroup, unknown, GesGroupInput> = (values, context, options) => {
  const { agreement, ...terms } = values;
  const given = Boolean(agreement?.title.trim() || agreement?.text.trim());
  return contractResolver(given ? values : terms, context, options);
};
/** A refusal's field in this form: a term, or the agreement's title or text. */
const newGroupField = (failure: unknown) => {
  const refused = refusedField(failure);
  const term = termOf(failure);
  if (term) return { name: term.term, message: term.message } as const;
  if (refused?.field === 'title' || refused?.field === 'text')
    return { name: `agreement.${refused.field}`, message: refused.message } as const;
  return null;
};

function CreateForm() {
  const form = useForm<NewGroup, unknown, GesGroupInput>({ resolver: newGroupResolver, defaultValues: blankGroup() });
  const { errors } = form.formState;
  const publish = useMutation({
    ...publishGesGroupMutation(),
    onSuccess: ({ group }) => {
      notifySuccess(
        group.documentId
          ? `${group.name} is saved as a draft. Open it to publish it.`
          : `${group.name} is saved as a draft. Add its agreement, then open it.`,
      );
      form.reset(blankGroup());
    },
    onError: (failure) => {
      const refused = newGroupField(failure);
      if (refused) form.setError(refused.name, { message: refused.message }, { shouldFocus: true });
    },
  });
  const create = form.handleSubmit((group) => publish.mutate(group));
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <FormProvider {...form}>
        <form onSubmit={(event) => void create(event)} noValidate>
          <Stack gap="sm">
            <Text fw={600}>Create a group</Text>
            <Text size="sm" c="dimmed">
              A new group is a draft: customers see it only once you open it.
            </Text>
            <GroupTermsFields cols={3} bonusRequired={false} />
            <TextInput
              label="Agreement title"
              description="Optional now: paste the agreement here, or add or upload it later. A group opens only with one."
              maxLength={160}
              {...form.register('agreement.title')}
              error={errors.agreement?.title?.message}
            />
            <Textarea
              label="Agreement text"
              autosize
              minRows={4}
              maxRows={12}
              {...form.register('agreement.text')}
              error={errors.agreement?.text?.message}
            />
            {publish.error && !newGroupField(publish.error) ? (
              <Alert color="red">{errorMessage(publish.error, 'The group could not be created.')}</Alert>
            ) : null}
            <Button type="submit" loading={publish.isPending} w="fit-content">
              Create draft
            </Button>
          </Stack>
        </form>
      </FormProvider>
    </Paper>
  );
}

type AgreementSource = 'paste' | 'file';
const pastedResolver = zodResolver(gesAgreementInputSchema);
const uploadResolver = zodResolver(gesAgreementFileFieldsSchema);
/**
 * What is sent is checked: the title and pasted text, or the title beside an uploaded file (that
 * schema reads the title alone; the text field is not sent then).
 */
const agreementResolver = (source: AgreementSource) =>
  source === 'file' ? (uploadResolver as unknown as typeof pastedResolver) : pastedResolver;

/** A new agreement version, pasted or uploaded as a text or Markdown file. */
function AgreementModal({ group, onClose }: { group: AdminGesGroup | null; onClose: () => void }) {
  const [source, setSource] = useState<AgreementSource>('paste');
  const form = useForm<GesAgreementInput>({
    resolver: agreementResolver(source),
    defaultValues: { title: '', text: '' },
  });
  const { errors } = form.formState;
  const [file, setFile] = useState<File | null>(null);
  const [fileMissing, setFileMissing] = useState(false);
  const tooLarge = file !== null && file.size > GES_AGREEMENT_FILE_MAX_BYTES;
  const newVersion = useMutation({
    ...newGesAgreementMutation(),
    onSuccess: ({ group: changed }) => {
      notifySuccess(`${changed.name}: agreement version ${changed.documentVersion} is current.`);
      form.reset();
      setFile(null);
      onClose();
    },
    onError: (failure) => refuseAtField(form, failure, ['title', 'text']),
  });
  const refusedAtField = ['title', 'text'].includes(refusedField(newVersion.error)?.field ?? '');
  const publish = form.handleSubmit(({ title, text }) => {
    setFileMissing(source === 'file' && !file);
    if (!group || (source === 'file' && (!file || tooLarge))) return;
    newVersion.mutate({ id: group.id, title, text, file: source === 'file' ? file : null });
  });
  let fileError: string | undefined;
  if (tooLarge) fileError = `The file is larger than ${GES_AGREEMENT_FILE_MAX_BYTES / 1000} KB.`;
  else if (fileMissing && !file) fileError = 'Choose the agreement file to upload.';
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
      <form onSubmit={(event) => void publish(event)} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            New members accept the new version; members keep the version they accepted. Its SHA-256 is recorded.
          </Text>
          <TextInput label="Title" required maxLength={160} {...form.register('title')} error={errors.title?.message} />
          <SegmentedControl
            value={source}
            onChange={(value) => {
              setSource(value as AgreementSource);
              form.clearErrors();
            }}
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
              {...form.register('text')}
              error={errors.text?.message}
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
              error={fileError}
              fileInputProps={{ 'aria-label': 'Agreement file' }}
            />
          )}
          {newVersion.error && !refusedAtField ? (
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
  const query = useInfiniteQuery(adminGesGroupsQueryOptions());
  const [agreementFor, setAgreementFor] = useState<AdminGesGroup | null>(null);
  const [editing, setEditing] = useState<AdminGesGroup | null>(null);
  // The server decides under the group's lock; this only decides whether to offer Edit.
  const today = new Date().toISOString().slice(0, 10);
  const open = useMutation({
    ...openGesGroupMutation(),
    onSuccess: ({ group }) => notifySuccess(`${group.name} is open: customers can join it.`),
    onError: (failure) => notifyError(errorMessage(failure, 'The group could not be opened.')),
  });
  const close = useMutation({
    ...closeGesGroupMutation(),
    onSuccess: ({ group }) => notifySuccess(`${group.name} is closed to new members.`),
    onError: (failure) => notifyError(errorMessage(failure, 'The group could not be closed.')),
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
