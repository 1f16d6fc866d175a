import { Alert, Button, Loader, Modal, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Markdown } from '@/components/ui/markdown';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { acceptTermsMutation, termsQueryOptions, termsStatusQueryOptions } from '../api/content-api';

/** /term-conditions: the current version. */
export function TermsView() {
  const query = useQuery(termsQueryOptions());
  if (query.isPending) return <Loader aria-label="Loading the terms" />;
  if (query.isError)
    return query.error instanceof ApiError && query.error.status === 404 ? (
      <Text c="dimmed">The terms and conditions are being prepared.</Text>
    ) : (
      <Alert color="red">{errorMessage(query.error, 'The terms could not be loaded.')}</Alert>
    );
  const terms = query.data;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={860}>
      <Title order={2} size="h3">
        {terms.title}
      </Title>
      <Text size="xs" c="dimmed" mb="md">
        Version {terms.version}, published {formatDate(terms.publishedAt)}
      </Text>
      <Markdown source={terms.body} />
    </Paper>
  );
}

/**
 * For signed-in users: a new version of the terms is shown once, to be accepted before going
 * on. Accepting records the version; the prompt does not come back for it.
 */
export function TermsPrompt() {
  const status = useQuery(termsStatusQueryOptions());
  const accept = useMutation({ ...acceptTermsMutation(), onError: () => void status.refetch() });
  const current = status.data?.current;
  if (!status.data?.mustAccept || !current) return null;
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={
        status.data.acceptedVersion === null
          ? `Our terms and conditions (version ${current.version})`
          : `Our terms have changed (version ${current.version})`
      }
      size="lg"
      centered
    >
      <Stack>
        <Text size="sm" c="dimmed">
          Please read the new terms and conditions and accept them to go on using your account.
        </Text>
        <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
          <Markdown source={current.body} />
        </ScrollArea.Autosize>
        {accept.isError ? <Alert color="red">{errorMessage(accept.error, 'Please try again.')}</Alert> : null}
        <Button onClick={() => accept.mutate(current.version)} loading={accept.isPending} w="fit-content">
          I accept the terms (version {current.version})
        </Button>
      </Stack>
    </Modal>
  );
}
