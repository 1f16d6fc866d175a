import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { contactRequestSchema, type ContactRequest } from '@qmgt/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { sendContactMutation } from '../api/content-api';

type Field = keyof ContactRequest;
const FIELDS: readonly Field[] = ['name', 'email', 'subject', 'message'];

/** The field a 400's first issue names, with its message. */
function issueOf(failure: unknown): { field: Field; message: string } | null {
  if (!(failure instanceof ApiError)) return null;
  const issue = (failure.details.issues as { path?: string; message: string }[] | undefined)?.[0];
  const field = issue?.path as Field | undefined;
  return field && FIELDS.includes(field) ? { field, message: issue!.message } : null;
}

type ContactFormProps = {
  /** The signed-in customer's name as they declared it (KYC), when the app knows it. */
  customerName?: string;
};

/**
 * /contact-us (public): a message to support; signed in, it also lands in the Support Center.
 * A signed-in customer finds their name and e-mail filled in; the contract's schema checks
 * the form before it is sent, with its own messages beside each field (issue 23).
 */
export function ContactForm({ customerName }: ContactFormProps) {
  const user = useSessionStore((s) => s.info);
  const name = customerName || user?.username || '';
  const email = user?.email ?? '';
  const form = useForm<z.input<typeof contactRequestSchema>, unknown, ContactRequest>({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: { name, email, subject: '', message: '' },
  });
  const { errors, dirtyFields } = form.formState;
  // What the app learns after the first render (the declared name, a refreshed record) fills
  // the fields the customer has not typed in yet.
  useEffect(() => {
    if (!dirtyFields.name && name) form.setValue('name', name);
    if (!dirtyFields.email && email) form.setValue('email', email);
  }, [name, email, dirtyFields.name, dirtyFields.email, form]);

  const send = useMutation({
    ...sendContactMutation(),
    onSuccess: () => {
      form.resetField('subject', { defaultValue: '' });
      form.resetField('message', { defaultValue: '' });
    },
    onError: (failure) => {
      const issue = issueOf(failure);
      if (issue) form.setError(issue.field, { message: issue.message }, { shouldFocus: true });
    },
  });
  const serverIssue = send.error ? issueOf(send.error) : null;
  const messageLength = form.watch('message').length;
  // A new edit clears the last outcome: the alert speaks of the message that was sent.
  const clearOutcome = () => {
    if (send.isError || send.isSuccess) send.reset();
  };
  const field = (key: Field) => {
    const registered = form.register(key);
    return {
      ...registered,
      onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        clearOutcome();
        return registered.onChange(event);
      },
      error: errors[key]?.message,
    };
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={620} w="100%">
      <form onSubmit={form.handleSubmit((request) => send.mutate(request))} noValidate>
        <Stack gap="sm">
          <TextInput label="Name" required autoComplete="name" maxLength={80} {...field('name')} />
          <TextInput label="E-mail" type="email" required autoComplete="email" maxLength={254} {...field('email')} />
          <TextInput label="Subject" required maxLength={160} {...field('subject')} />
          <Textarea
            label="Message"
            required
            autosize
            minRows={5}
            maxLength={5000}
            description={`${messageLength} / 5000`}
            {...field('message')}
          />
          {send.isSuccess ? (
            <Alert color="green" title="Message sent">
              Your reference is {send.data.code}. We answer within one working day, by e-mail
              {user ? ' and in your Support Center' : ''}.
            </Alert>
          ) : null}
          {send.isError && !serverIssue ? (
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
