import { Alert, Button, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { ContactRequest } from '@qmgt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { contentKeys, sendContact } from '../api/content-api';

type Field = keyof ContactRequest;

/** The field a 400's first issue names, with its message. */
function issueOf(failure: unknown): { field: Field; message: string } | null {
  if (!(failure instanceof ApiError)) return null;
  const issue = (failure.details.issues as { path?: string; message: string }[] | undefined)?.[0];
  const field = issue?.path as Field | undefined;
  return field && ['name', 'email', 'subject', 'message'].includes(field) ? { field, message: issue!.message } : null;
}

/** /contact-us (public): a message to support; signed in, it also lands in the Support Center. */
export function ContactForm() {
  const queryClient = useQueryClient();
  const user = useSessionStore((s) => s.info);
  const [form, setForm] = useState<ContactRequest>({
    name: user?.username ?? '',
    email: user?.email ?? '',
    subject: '',
    message: '',
  });
  const send = useMutation({
    mutationFn: () =>
      sendContact({ ...form, name: form.name.trim(), email: form.email.trim(), subject: form.subject.trim() }),
    meta: { silent: true },
    onSuccess: () => {
      setForm((f) => ({ ...f, subject: '', message: '' }));
      void queryClient.invalidateQueries({ queryKey: contentKeys.tickets() });
    },
  });
  const issue = send.error ? issueOf(send.error) : null;
  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setForm({ ...form, [field]: event.currentTarget.value });
    if (send.isError || send.isSuccess) send.reset();
  };
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={620} w="100%">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            maxLength={80}
            value={form.name}
            onChange={set('name')}
            error={issue?.field === 'name' ? issue.message : undefined}
          />
          <TextInput
            label="E-mail"
            type="email"
            required
            maxLength={254}
            value={form.email}
            onChange={set('email')}
            error={issue?.field === 'email' ? issue.message : undefined}
          />
          <TextInput
            label="Subject"
            required
            maxLength={160}
            value={form.subject}
            onChange={set('subject')}
            error={issue?.field === 'subject' ? issue.message : undefined}
          />
          <Textarea
            label="Message"
            required
            autosize
            minRows={5}
            maxLength={5000}
            value={form.message}
            onChange={set('message')}
            description={`${form.message.length} / 5000`}
            error={issue?.field === 'message' ? issue.message : undefined}
          />
          {send.isSuccess ? (
            <Alert color="green" title="Message sent">
              Your reference is {send.data.code}. We answer within one working day, by e-mail
              {user ? ' and in your Support Center' : ''}.
            </Alert>
          ) : null}
          {send.isError && !issue ? (
            <Alert color="red">
              {send.error instanceof ApiError && send.error.status === 429
                ? 'Too many messages from here. Please wait a few minutes and try again.'
                : errorMessage(send.error, 'Your message could not be sent. Please try again.')}
            </Alert>
          ) : null}
          <Button type="submit" loading={send.isPending} w="fit-content">
            Send message
          </Button>
          <Text size="xs" c="dimmed">
            We use your e-mail address only to answer you.
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
