import { Alert, Button, Card, Center, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { mailboxQueryOptions } from '../api/sandbox-api';
import { MailBody } from './mail-body';

/** The sandbox mail service's inbox: every e-mail the platform sent, newest first. */
export function DevMailbox({ initialRecipient = '' }: { initialRecipient?: string }) {
  const [recipient, setRecipient] = useState(initialRecipient);
  const [debouncedRecipient] = useDebouncedValue(recipient.trim(), 300);
  const mailbox = useQuery(mailboxQueryOptions(debouncedRecipient));

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Recipient"
          placeholder="Any address"
          type="search"
          value={recipient}
          onChange={(event) => setRecipient(event.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void mailbox.refetch()}
          loading={mailbox.isFetching}
        >
          Refresh
        </Button>
      </Group>

      {mailbox.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading messages" />
        </Center>
      ) : mailbox.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(mailbox.error)}
        </Alert>
      ) : mailbox.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No messages
        </Text>
      ) : (
        mailbox.data.map((message) => (
          <Card key={message.id} withBorder radius="md" padding="md" component="article">
            <Stack gap={6}>
              <Title order={2} size="h4">
                {message.subject}
              </Title>
              <Group gap="md" wrap="wrap">
                <Text size="sm" c="dimmed">
                  To: {message.to}
                </Text>
                <Text size="sm" c="dimmed" component="time" dateTime={message.createdAt}>
                  {formatDateTime(message.createdAt)}
                </Text>
              </Group>
              <MailBody text={message.text} html={message.html} />
            </Stack>
          </Card>
        ))
      )}
    </Stack>
  );
}
