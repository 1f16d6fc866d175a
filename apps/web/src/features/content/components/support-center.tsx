import { zodResolver } from '@hookform/resolvers/zod';
import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { ticketReplySchema, type Ticket } from '@qmgt/contracts';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { LoadMore } from '@/components/ui/load-more';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useSessionStore } from '@/lib/session-store';
import { replyToTicketMutation, ticketsQueryOptions } from '../api/content-api';

const FAQ: [string, string][] = [
  [
    'How is QMGT backed?',
    'Each QMGT stands for one gram of fine gold held in the vault. The proof of reserves page lists every bar against what we owe.',
  ],
  [
    'How long does identity verification take?',
    'Most checks finish within minutes. If yours needs a person to look, we e-mail you when it is decided.',
  ],
  [
    'Why is my transaction pending?',
    'Movements of QMGT settle on chain. Once the chain confirms them, the transaction shows as completed with its explorer link.',
  ],
  [
    'Can I leave a GAE plan early?',
    'Yes: request termination from the plan. In the first 12 months a 5% early-exit fee applies; an operator approves each request.',
  ],
  [
    'What happens if I miss a GDS instalment?',
    'Nothing is taken and we e-mail you. Three missed instalments end a membership; your grams go to your gold savings account.',
  ],
];

const STATUS = {
  open: ['Waiting for us', 'orange'],
  answered: ['Answered', 'green'],
  closed: ['Closed', 'gray'],
} as const;

function TicketThread({ ticket }: { ticket: Ticket }) {
  const form = useForm<z.input<typeof ticketReplySchema>, unknown, z.output<typeof ticketReplySchema>>({
    resolver: zodResolver(ticketReplySchema),
    defaultValues: { body: '' },
  });
  const body = form.watch('body');
  const reply = useMutation({ ...replyToTicketMutation(ticket.id), onSuccess: () => form.reset() });
  // The contract's schema checks the answer (required, at most 5,000 characters, no control codes).
  const send = form.handleSubmit((values) => reply.mutate(values.body));
  return (
    <Stack gap="sm">
      {ticket.messages.map((m) => (
        <Paper
          key={m.id}
          withBorder
          radius="md"
          p="sm"
          bg={m.from === 'support' ? 'var(--mantine-color-dark-6)' : undefined}
        >
          <Text size="xs" c="dimmed">
            {m.from === 'support' ? 'QMGT support' : 'You'} · {formatDateTime(m.createdAt)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {m.body}
          </Text>
        </Paper>
      ))}
      {ticket.status !== 'closed' ? (
        <form onSubmit={(event) => void send(event)} noValidate>
          <Stack gap="xs">
            <Textarea
              label="Your answer"
              autosize
              minRows={2}
              maxLength={5000}
              {...form.register('body')}
              error={form.formState.errors.body?.message}
            />
            {reply.isError ? (
              <Alert color="red">{errorMessage(reply.error, 'Your answer could not be sent.')}</Alert>
            ) : null}
            <Button type="submit" size="xs" loading={reply.isPending} disabled={!body.trim()} w="fit-content">
              Send answer
            </Button>
          </Stack>
        </form>
      ) : (
        <Text size="sm" c="dimmed">
          This message is closed. To write to us again,{' '}
          <Anchor component={Link} to={paths.contactUs.to()}>
            send a new message
          </Anchor>
          .
        </Text>
      )}
    </Stack>
  );
}

function MyTickets() {
  const query = useInfiniteQuery(ticketsQueryOptions());
  if (query.isPending) return <Loader aria-label="Loading your messages" />;
  if (query.isError && !query.data)
    return <Alert color="red">{errorMessage(query.error, 'Your messages could not be loaded.')}</Alert>;
  const tickets = query.data.pages.flatMap((page) => page.data);
  if (tickets.length === 0)
    return (
      <Text c="dimmed">
        No messages yet.{' '}
        <Anchor component={Link} to={paths.contactUs.to()}>
          Write to us
        </Anchor>
        .
      </Text>
    );
  return (
    <Stack gap="sm">
      <Accordion variant="separated" radius="md">
        {tickets.map((t) => (
          <Accordion.Item key={t.id} value={t.id}>
            <Accordion.Control>
              <Group justify="space-between" wrap="nowrap" pr="sm">
                <Text size="sm" fw={600} lineClamp={1}>
                  {t.subject}
                </Text>
                <Badge color={STATUS[t.status][1]} variant="light" style={{ flexShrink: 0 }}>
                  {STATUS[t.status][0]}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {t.code} · {formatDateTime(t.updatedAt)}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <TicketThread ticket={t} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <LoadMore
        shown={`Showing ${tickets.length} ${tickets.length === 1 ? 'message' : 'messages'}`}
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        label="Load more messages"
      />
    </Stack>
  );
}

/** /support (the header's Support Center): the signed-in user's messages and our answers, and the FAQ. */
export function SupportCenter() {
  const signedIn = useSessionStore((s) => s.isAuthenticated);
  return (
    <Stack gap="xl" maw={760}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Your messages
          </Title>
          <Button component={Link} to={paths.contactUs.to()} size="xs" variant="light">
            New message
          </Button>
        </Group>
        {signedIn ? (
          <MyTickets />
        ) : (
          <Text c="dimmed">
            <Anchor component={Link} to={paths.signIn.to()}>
              Log in
            </Anchor>{' '}
            to follow your messages, or{' '}
            <Anchor component={Link} to={paths.contactUs.to()}>
              write to us
            </Anchor>{' '}
            without an account.
          </Text>
        )}
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Frequently asked questions
        </Title>
        <Accordion variant="separated" radius="md">
          {FAQ.map(([question, answer]) => (
            <Accordion.Item key={question} value={question}>
              <Accordion.Control>{question}</Accordion.Control>
              <Accordion.Panel>
                <Text size="sm">{answer}</Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Stack>
  );
}
