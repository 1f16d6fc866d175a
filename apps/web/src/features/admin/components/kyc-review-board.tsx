import { Alert, Badge, Button, Group, Loader, Paper, Stack, Tabs, Text, Timeline, Title } from '@mantine/core';
import type { AdminApplicant, AdminApplicantQueue, KycStatus } from '@qmgt/contracts';
import { IconDownload } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadMore } from '@/components/ui/load-more';
import { errorMessage } from '@/lib/api-client';
import { formatBytes } from '@/lib/files';
import { formatDateTime } from '@/lib/format';
import { downloadKycDocumentMutation, kycApplicantsQueryOptions } from '../api/admin-api';
import { DeclaredIdentity } from './declared-identity';
import { ReviewDialog, type ReviewIntent } from './review-dialog';

const QUEUES: readonly { value: AdminApplicantQueue; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'verified', label: 'Verified' },
  { value: 'not-submitted', label: 'Not submitted' },
  { value: 'all', label: 'All' },
];
type Queue = AdminApplicantQueue;

const statusColor: Record<KycStatus, string> = {
  Pending: 'yellow',
  Rejected: 'red',
  Verified: 'teal',
  'Not Verified': 'gray',
};

const KIND_LABEL: Record<string, string> = { identity_document: 'Identity document', selfie: 'Selfie' };
const TYPE_LABEL: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
};
const EXTENSION: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** The audit trail in words: 'RED RETRY blurred' -> 'Rejected, may retry: blurred'. */
function describeDecision(action: string, detail: string | null): string {
  if (action === 'kyc.status_changed') return `Status changed: ${(detail ?? '').replace(' -> ', ' → ')}`.trim();
  if (action === 'kyc.reviewed' && detail) {
    const [answer, ...rest] = detail.split(' ');
    let text = rest.join(' ');
    let outcome = answer === 'GREEN' ? 'Approved' : answer === 'RED' ? 'Rejected' : (answer ?? '');
    if (answer === 'RED' && (rest[0] === 'RETRY' || rest[0] === 'FINAL')) {
      outcome += rest[0] === 'FINAL' ? ' (final)' : ' (may retry)';
      text = rest.slice(1).join(' ');
    }
    return text ? `${outcome}: ${text}` : outcome;
  }
  return detail ? `${action}: ${detail}` : action;
}

/**
 * The operator's identity-review queues: Pending (what needs action) first, each applicant with
 * documents, history and a decision. The server filters and pages each queue by key; the tabs
 * carry no counts, since counting a queue costs the whole queue.
 */
export function KycReviewBoard() {
  const [queue, setQueue] = useState<Queue>('pending');
  const applicants = useInfiniteQuery(kycApplicantsQueryOptions(queue));
  // The intent outlives the dialog's closing: its title (the dialog's name) stays while it fades out.
  const [review, setReview] = useState<{ intent: ReviewIntent; opened: boolean } | null>(null);

  if (applicants.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>Loading applicants…</Text>
      </Group>
    );
  }
  if (applicants.isError && !applicants.data) {
    return (
      <Alert color="red" variant="light" title="The applicants could not be loaded" maw={640}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(applicants.error, 'Please try again in a moment.')}</Text>
          <Button size="xs" variant="light" onClick={() => void applicants.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  const shown = applicants.data.pages.flatMap((page) => page.data);

  return (
    // Each tab controls its panel (aria-controls must point at one); only the open one is filled.
    <Tabs value={queue} onChange={(value) => setQueue((value as Queue | null) ?? 'pending')}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Tabs.List maw="100%" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
            {QUEUES.map((q) => (
              <Tabs.Tab key={q.value} value={q.value}>
                {q.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Button
            variant="subtle"
            size="xs"
            onClick={() => void applicants.refetch()}
            loading={applicants.isRefetching}
          >
            Refresh
          </Button>
        </Group>

        {QUEUES.map((q) => (
          <Tabs.Panel key={q.value} value={q.value}>
            {q.value !== queue ? null : shown.length === 0 ? (
              <Text c="dimmed" py="lg">
                {queue === 'pending' ? 'Nobody is waiting for a review.' : 'No applicants here.'}
              </Text>
            ) : (
              <Stack gap="md">
                <Stack gap="md" role="list" aria-label="Applicants">
                  {shown.map((applicant) => (
                    <ApplicantCard
                      key={applicant.id}
                      applicant={applicant}
                      onDecide={(intent) => setReview({ intent, opened: true })}
                    />
                  ))}
                </Stack>
                <LoadMore
                  shown={`Showing ${shown.length} ${shown.length === 1 ? 'applicant' : 'applicants'}`}
                  hasMore={applicants.hasNextPage}
                  loading={applicants.isFetchingNextPage}
                  onLoadMore={() => void applicants.fetchNextPage()}
                  label="Load more applicants"
                />
                {applicants.isFetchNextPageError ? (
                  <Alert color="red" variant="light">
                    {errorMessage(applicants.error, 'More applicants could not be loaded.')}
                  </Alert>
                ) : null}
              </Stack>
            )}
          </Tabs.Panel>
        ))}
      </Stack>

      <ReviewDialog
        intent={review?.intent ?? null}
        opened={review?.opened ?? false}
        onClose={() => setReview((current) => current && { ...current, opened: false })}
      />
    </Tabs>
  );
}

function ApplicantCard({
  applicant,
  onDecide,
}: {
  applicant: AdminApplicant;
  onDecide: (intent: ReviewIntent) => void;
}) {
  const download = useMutation(downloadKycDocumentMutation());
  const decidable = applicant.provider === 'sandbox' && applicant.reviewStatus !== 'init';
  const comment = applicant.reviewResult?.moderationComment;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} role="listitem" aria-label={applicant.username}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {applicant.username}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {applicant.email}
            </Text>
          </Stack>
          <Badge color={statusColor[applicant.kycVerified]} variant="light" size="lg" radius="sm" tt="none">
            {applicant.kycVerified}
          </Badge>
        </Group>

        <Stack gap={2}>
          <Text size="sm">
            Provider review: {applicant.reviewStatus}
            {applicant.reviewResult
              ? ` (${applicant.reviewResult.reviewAnswer}${applicant.reviewResult.reviewRejectType ? `, ${applicant.reviewResult.reviewRejectType}` : ''})`
              : ''}
          </Text>
          {comment ? <Text size="sm">Comment: {comment}</Text> : null}
          <Text size="sm" c="dimmed">
            Personal details:{' '}
            {applicant.submittedAt ? `submitted ${formatDateTime(applicant.submittedAt)}` : 'not submitted'}
            {' · '}Last change {formatDateTime(applicant.updatedAt)}
          </Text>
        </Stack>

        <DeclaredIdentity applicant={applicant} />

        <Stack gap="xs">
          <Title order={3} size="h6">
            Documents
          </Title>
          {applicant.documents.length === 0 ? (
            <Text size="sm" c="dimmed">
              No documents uploaded.
            </Text>
          ) : (
            <Group gap="xs">
              {applicant.documents.map((document, i) => {
                const kind = KIND_LABEL[document.kind] ?? document.kind;
                return (
                  <Button
                    key={document.id}
                    size="xs"
                    variant="default"
                    leftSection={<IconDownload size={14} aria-hidden />}
                    h="auto"
                    py={6}
                    styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                    loading={download.isPending && download.variables.documentId === document.id}
                    onClick={() =>
                      download.mutate({
                        applicantId: applicant.id,
                        documentId: document.id,
                        fallbackName: `${applicant.username}-${document.kind}-${i + 1}.${EXTENSION[document.contentType] ?? 'bin'}`,
                      })
                    }
                  >
                    Download {kind.toLowerCase()} ({TYPE_LABEL[document.contentType] ?? document.contentType},{' '}
                    {formatBytes(document.size)}, uploaded {formatDateTime(document.createdAt)})
                  </Button>
                );
              })}
            </Group>
          )}
        </Stack>

        <Stack gap="xs">
          <Title order={3} size="h6">
            Decision history
          </Title>
          {applicant.decisions.length === 0 ? (
            <Text size="sm" c="dimmed">
              No decisions yet.
            </Text>
          ) : (
            <Timeline bulletSize={12} lineWidth={2} active={-1}>
              {applicant.decisions.map((decision) => (
                <Timeline.Item key={`${decision.createdAt}-${decision.action}-${decision.detail ?? ''}`}>
                  <Text size="sm">{describeDecision(decision.action, decision.detail)}</Text>
                  <Text size="xs" c="dimmed">
                    {decision.actor ?? 'System'} · {formatDateTime(decision.createdAt)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Stack>

        {decidable ? (
          <Group justify="flex-end" gap="xs">
            <Button color="red" variant="light" onClick={() => onDecide({ applicant, answer: 'RED' })}>
              Reject
            </Button>
            {/* A verified applicant can only be taken back; approving again would change nothing. */}
            {applicant.kycVerified !== 'Verified' && (
              <Button color="teal" onClick={() => onDecide({ applicant, answer: 'GREEN' })}>
                Approve
              </Button>
            )}
          </Group>
        ) : (
          <Text size="xs" c="dimmed" ta="right">
            {applicant.provider === 'sandbox'
              ? 'Nothing to decide until documents are submitted.'
              : 'Reviews for this provider happen in its own dashboard.'}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
