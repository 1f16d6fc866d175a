import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  announcementInputSchema,
  termsInputSchema,
  ticketReplySchema,
  type AdminTicketQueue,
  type AnnouncementInput,
  type TermsInput,
} from '@qmgt/contracts';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { LoadMore } from '@/components/ui/load-more';
import { useState } from 'react';
import {
  get,
  useForm,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { Markdown } from '@/components/ui/markdown';
import { errorMessage, refusedField } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { refuseAtField } from '@/lib/form-refusal';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  adminTicketsQueryOptions,
  announcementsQueryOptions,
  answerTicketMutation,
  closeTicketMutation,
  publishAnnouncementMutation,
  publishTermsMutation,
  termsQueryOptions,
  withdrawAnnouncementMutation,
} from '../api/content-api';

type FieldProps = UseFormRegisterReturn & { error?: string };

/** A registered field with the complaint at it (the contract's, or the server's refusal naming it). */
function fieldOf<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>): FieldProps {
  return { ...form.register(name), error: (get(form.formState.errors, name) as FieldError | undefined)?.message };
}

/** The title and Markdown text of what an operator publishes: an announcement, a version of the terms. */
function DocumentFields({
  title,
  body,
  textLabel,
  minRows,
  maxLength,
}: {
  title: FieldProps;
  body: FieldProps;
  textLabel: string;
  minRows: number;
  maxLength?: number;
}) {
  return (
    <>
      <TextInput label="Title" required maxLength={160} {...title} />
      <Textarea label={textLabel} required autosize minRows={minRows} maxLength={maxLength} {...body} />
    </>
  );
}

/** What an announcement and the terms have in common, where a refusal may point. */
const DOCUMENT_FIELDS = ['title', 'body'] as const;
/** Whether a refusal names the title or the text: it is then said at that field, not above the button. */
const namesDocumentField = (failure: unknown) => DOCUMENT_FIELDS.some((name) => name === refusedField(failure)?.field);

function AnnouncementsAdmin() {
  const list = useQuery(announcementsQueryOptions());
  const form = useForm<z.input<typeof announcementInputSchema>, unknown, AnnouncementInput>({
    resolver: zodResolver(announcementInputSchema),
    defaultValues: { title: '', body: '', pinned: false },
  });
  const body = form.watch('body');
  const publish = useMutation({
    ...publishAnnouncementMutation(),
    onSuccess: ({ announcement }) => {
      notifySuccess(`"${announcement.title}" is published.`);
      form.reset();
    },
    onError: (failure) => refuseAtField(form, failure, DOCUMENT_FIELDS),
  });
  const withdraw = useMutation({
    ...withdrawAnnouncementMutation(),
    onSuccess: ({ announcement }) => notifySuccess(`"${announcement.title}" is withdrawn.`),
    onError: (failure) => notifyError(errorMessage(failure)),
  });
  const send = form.handleSubmit((announcement) => publish.mutate(announcement));
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md">
        <form onSubmit={(event) => void send(event)} noValidate>
          <Stack gap="sm">
            <DocumentFields
              title={fieldOf(form, 'title')}
              body={fieldOf(form, 'body')}
              textLabel="Text (markdown: # heading, **bold**, _italic_, - list, [link](https://…))"
              minRows={5}
              maxLength={20000}
            />
            {body.trim() ? (
              <Paper withBorder radius="md" p="sm" aria-label="Preview">
                <Text size="xs" c="dimmed" mb="xs">
                  Preview
                </Text>
                <Markdown source={body} />
              </Paper>
            ) : null}
            <Checkbox label="Pin to the top" {...form.register('pinned')} />
            {publish.isError && !namesDocumentField(publish.error) ? (
              <Alert color="red">{errorMessage(publish.error, 'The announcement could not be published.')}</Alert>
            ) : null}
            <Button type="submit" loading={publish.isPending} w="fit-content">
              Publish announcement
            </Button>
          </Stack>
        </form>
      </Paper>
      {list.isPending ? (
        <Loader aria-label="Loading announcements" />
      ) : list.isError ? (
        <Alert color="red">{errorMessage(list.error, 'The announcements could not be loaded.')}</Alert>
      ) : (
        <Stack gap="xs">
          {list.data.data.map((a) => (
            <Group key={a.id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {a.pinned ? (
                  <Badge size="xs" mr="xs">
                    Pinned
                  </Badge>
                ) : null}
                {a.title}{' '}
                <Text span c="dimmed" size="xs">
                  {formatDate(a.publishedAt)}
                </Text>
              </Text>
              <Button
                size="xs"
                variant="light"
                color="red"
                loading={withdraw.isPending && withdraw.variables === a.id}
                onClick={() => {
                  if (window.confirm(`Withdraw "${a.title}"?`)) withdraw.mutate(a.id);
                }}
              >
                Withdraw
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function TermsAdmin() {
  const current = useQuery(termsQueryOptions());
  const form = useForm<z.input<typeof termsInputSchema>, unknown, TermsInput>({
    resolver: zodResolver(termsInputSchema),
    defaultValues: { title: 'Terms and Conditions', body: '' },
  });
  const publish = useMutation({
    ...publishTermsMutation(),
    onSuccess: (terms) => {
      notifySuccess(`Version ${terms.version} is published: signed-in users are asked to accept it.`);
      form.resetField('body');
    },
    onError: (failure) => refuseAtField(form, failure, DOCUMENT_FIELDS),
  });
  const send = form.handleSubmit((terms) => {
    if (window.confirm('Publish a new version? Every signed-in user will be asked to accept it.'))
      publish.mutate(terms);
  });
  return (
    <Paper withBorder radius="lg" p="md">
      <form onSubmit={(event) => void send(event)} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {current.data
              ? `Current: version ${current.data.version}, published ${formatDate(current.data.publishedAt)}.`
              : 'No terms are published yet.'}
          </Text>
          <DocumentFields
            title={fieldOf(form, 'title')}
            body={fieldOf(form, 'body')}
            textLabel="Text (markdown)"
            minRows={8}
          />
          {publish.isError && !namesDocumentField(publish.error) ? (
            <Alert color="red">{errorMessage(publish.error, 'The terms could not be published.')}</Alert>
          ) : null}
          <Button type="submit" loading={publish.isPending} w="fit-content">
            Publish new version
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

const STATUS_COLOR = { open: 'orange', answered: 'green', closed: 'gray' } as const;

const TICKET_QUEUES: { value: AdminTicketQueue; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'answered', label: 'Answered' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];

/** The support queue: one status at a time (open, oldest first, by default), loaded a page at a time. */
function TicketsAdmin() {
  const [queue, setQueue] = useState<AdminTicketQueue>('open');
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Ticket status"
        value={queue}
        onChange={(value) => setQueue(value as AdminTicketQueue)}
        data={TICKET_QUEUES}
        style={{ alignSelf: 'flex-start' }}
      />
      <TicketQueue queue={queue} />
    </Stack>
  );
}

/** The operator's answer to one ticket, checked by the contract's reply schema before it is sent. */
function AnswerForm({ ticket }: { ticket: { id: string; code: string } }) {
  const form = useForm<z.input<typeof ticketReplySchema>, unknown, z.output<typeof ticketReplySchema>>({
    resolver: zodResolver(ticketReplySchema),
    defaultValues: { body: '' },
  });
  const body = form.watch('body');
  const answer = useMutation({
    ...answerTicketMutation(ticket.id),
    onSuccess: (answered) => {
      notifySuccess(`${answered.ticket.code} answered; ${answered.ticket.name} is e-mailed.`);
      form.reset();
    },
    onError: (failure) => {
      if (!refuseAtField(form, failure, ['body'])) notifyError(errorMessage(failure));
    },
  });
  const send = form.handleSubmit((reply) => answer.mutate(reply.body));
  return (
    <form onSubmit={(event) => void send(event)} noValidate>
      <Group align="flex-end" wrap="nowrap">
        <Textarea
          label={`Answer ${ticket.code}`}
          autosize
          minRows={1}
          maxLength={5000}
          style={{ flex: 1 }}
          {...fieldOf(form, 'body')}
        />
        <Button type="submit" size="sm" loading={answer.isPending} disabled={!body.trim()}>
          Send
        </Button>
      </Group>
    </form>
  );
}

function TicketQueue({ queue }: { queue: AdminTicketQueue }) {
  const query = useInfiniteQuery(adminTicketsQueryOptions(queue));
  const close = useMutation({
    ...closeTicketMutation(),
    onSuccess: ({ ticket }) => notifySuccess(`${ticket.code} closed; ${ticket.name} is e-mailed.`),
    onError: (failure) => notifyError(errorMessage(failure)),
  });
  if (query.isPending) return <Loader aria-label="Loading tickets" />;
  if (query.isError && !query.data)
    return <Alert color="red">{errorMessage(query.error, 'The tickets could not be loaded.')}</Alert>;
  const tickets = query.data.pages.flatMap((page) => page.data);
  if (tickets.length === 0)
    return <Text c="dimmed">{queue === 'open' ? 'No ticket waits for an answer.' : 'No tickets here.'}</Text>;
  return (
    <Stack gap="md">
      {tickets.map((t) => (
        <Paper key={t.id} withBorder radius="lg" p="md">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} size="sm">
              {t.subject}
            </Text>
            <Badge variant="light" color={STATUS_COLOR[t.status]} style={{ flexShrink: 0 }}>
              {t.status}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" mb="xs">
            {t.code} · {t.name} &lt;{t.email}&gt;{t.username ? ` · ${t.username}` : ' · guest'} ·{' '}
            {formatDateTime(t.updatedAt)}
          </Text>
          <Stack gap={6} mb="sm">
            {t.messages.map((m) => (
              <Text key={m.id} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                <Text span fw={600} size="xs" c="dimmed">
                  {m.from === 'support' ? 'Support: ' : 'Customer: '}
                </Text>
                {m.body}
              </Text>
            ))}
          </Stack>
          {t.status === 'closed' ? (
            <Text size="sm" c="dimmed">
              Closed: the customer can write again through the contact form.
            </Text>
          ) : (
            <Stack gap="xs">
              <AnswerForm ticket={t} />
              <Button
                size="xs"
                variant="subtle"
                color="gray"
                w="fit-content"
                loading={close.isPending && close.variables === t.id}
                onClick={() => {
                  if (window.confirm(`Close ${t.code}? Neither you nor the customer can add to it afterwards.`))
                    close.mutate(t.id);
                }}
              >
                Close {t.code}
              </Button>
            </Stack>
          )}
        </Paper>
      ))}
      <LoadMore
        shown={`Showing ${tickets.length} ${tickets.length === 1 ? 'ticket' : 'tickets'}`}
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        label="Load more tickets"
      />
    </Stack>
  );
}

/** /admin/content (operators): announcements, terms and the support queue; every change audited. */
export function ContentAdmin() {
  return (
    <Tabs defaultValue="support" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="support">Support tickets</Tabs.Tab>
        <Tabs.Tab value="announcements">Announcements</Tabs.Tab>
        <Tabs.Tab value="terms">Terms</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="support">
        <TicketsAdmin />
      </Tabs.Panel>
      <Tabs.Panel value="announcements">
        <AnnouncementsAdmin />
      </Tabs.Panel>
      <Tabs.Panel value="terms">
        <TermsAdmin />
      </Tabs.Panel>
    </Tabs>
  );
}
