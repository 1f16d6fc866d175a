import { Alert, Anchor, Box, Button, Checkbox, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { GesQuote } from '@qmgt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { QuoteCountdown } from '@/components/ui/figures';
import { Markdown } from '@/components/ui/markdown';
import { PremiumFigures } from '@/components/ui/premium-figures';
import { errorMessage } from '@/lib/api-client';
import { formatAmount } from '@/lib/money';
import { useQuoteConfirmation, type ConfirmOutcome, type QuoteConfirmation } from '@/lib/use-quote-confirmation';
import { gesDocumentQueryOptions, gesGroupQueryOptions, requestGesQuote } from '../api/ges-api';
import { GroupTerms } from './group-terms';

export type JoinConfirmation = QuoteConfirmation<GesQuote> & {
  groupId: string;
  groupName: string;
  documentId: string;
};

/**
 * /GES/{groupId}/{documentId}: the agreement, its acceptance, and the first instalment's price,
 * fee and grams before anything moves.
 */
export function JoinGroup({
  groupId,
  documentId,
  onConfirm,
}: {
  groupId: string;
  documentId: string;
  onConfirm: (confirmation: JoinConfirmation) => Promise<ConfirmOutcome>;
}) {
  const group = useQuery(gesGroupQueryOptions(groupId));
  const document = useQuery(gesDocumentQueryOptions(documentId));
  const [accepted, setAccepted] = useState(false);
  const flow = useQuoteConfirmation<GesQuote>({
    requestQuote: () => requestGesQuote(groupId),
    onConfirm: (confirmation) =>
      onConfirm({
        ...confirmation,
        groupId,
        groupName: group.data?.group.name ?? '',
        documentId,
      }),
    onDone: () => undefined,
    // A refusal may come from terms that changed meanwhile (an operator's edit before the first
    // member, a full or closed group): the group is read again before the new quote shows.
    refreshBalances: () => void group.refetch(),
  });
  const { quote, secondsLeft, expired } = flow;
  const error = flow.quoteError === null ? null : errorMessage(flow.quoteError, 'No quote is available right now.');

  if (group.isPending || document.isPending) return <Loader aria-label="Loading the group" />;
  if (group.isError || document.isError)
    return <Alert color="red">{errorMessage(group.error ?? document.error, 'This group could not be loaded.')}</Alert>;
  const { group: g, membership } = group.data;
  const doc = document.data;
  if (doc.groupId !== g.id) return <Alert color="red">This agreement is not one of this group&apos;s.</Alert>;
  if (membership)
    return (
      <Alert color="blue" title="You are a member of this group">
        <Anchor component={Link} to={paths.gesGroup.to(g.id, g.name, g.documentId)}>
          Open your passbook
        </Anchor>
      </Alert>
    );

  return (
    <Stack gap="lg" maw={760}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {g.name}
          </Title>
          <GroupTerms group={g} />
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {doc.title}{' '}
            <Text span c="dimmed" size="sm">
              (version {doc.version})
            </Text>
          </Title>
          {!doc.current ? (
            <Alert color="orange">
              This is not the group&apos;s current agreement.{' '}
              <Anchor component={Link} to={paths.gesJoin.to(g.id, g.documentId)}>
                Read version {g.documentVersion}
              </Anchor>
              .
            </Alert>
          ) : null}
          <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
            <Box tabIndex={0} aria-label="Agreement text" fz="sm">
              <Markdown source={doc.text} />
            </Box>
          </ScrollArea.Autosize>
          <Text size="xs" c="dimmed" title={`SHA-256 ${doc.sha256}`}>
            Your acceptance records this exact text (fingerprint {doc.sha256.slice(0, 12)}…).
          </Text>
        </Stack>
      </Paper>
      {doc.current && g.joinable ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Checkbox
              checked={accepted}
              onChange={(event) => setAccepted(event.currentTarget.checked)}
              label={`I have read and accept the agreement (version ${doc.version}).`}
            />
            {quote ? (
              <Paper withBorder radius="md" p="md">
                <PremiumFigures
                  label="First instalment"
                  quote={quote}
                  priceLabel="Price (spot + 3%)"
                  premiumLabel="3% premium"
                />
                <QuoteCountdown secondsLeft={secondsLeft} />
              </Paper>
            ) : null}
            {error ? <Alert color="red">{error}</Alert> : null}
            {quote && !expired ? (
              <Button
                onClick={() => void flow.confirm()}
                loading={flow.confirming}
                disabled={!accepted}
                w="fit-content"
              >
                Join and pay {formatAmount(quote.amountUsdt, 'USDT')} USDT
              </Button>
            ) : (
              <Button
                onClick={() => void flow.ask()}
                loading={flow.quoting}
                variant={quote ? 'filled' : 'light'}
                w="fit-content"
              >
                {expired ? 'Get a new quote' : 'Show the first instalment'}
              </Button>
            )}
            {!accepted && quote && !expired ? (
              <Text size="xs" c="dimmed">
                Accept the agreement to join.
              </Text>
            ) : null}
          </Stack>
        </Paper>
      ) : doc.current ? (
        <Alert color="gray">This group takes no new members (full, closed or started).</Alert>
      ) : null}
    </Stack>
  );
}
