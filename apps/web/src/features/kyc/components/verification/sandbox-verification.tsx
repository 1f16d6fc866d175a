import { useQuery, useMutation } from '@tanstack/react-query';
import { Alert, Button, Group, List, Paper, Stack, Stepper, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { SandboxApplicant } from '@qmgt/contracts';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { LoadingStatus } from '@/components/ui/load-states';
import { ApiError, errorMessage } from '@/lib/api-client';
import { DOCUMENT_TYPES, IMAGE_TYPES } from '@/lib/files';
import { sandboxApplicantQueryOptions, submitSandboxReviewMutation } from '../../api/kyc-api';
import type { KycSubject } from '../../api/query-keys';
import { DocumentUpload } from './document-upload';

/**
 * The personal details as a step of the flow (the signed-in client only; decision 024). They
 * come after the document, so what the provider read from it is already in the form.
 */
export type DetailsStep = {
  /** Submitted already: the flow goes from the selfie straight to sending. */
  done: boolean;
  /** The form; `next` moves on to sending once it is submitted. */
  render: (next: () => void) => ReactNode;
  /** Fetches the details again after a document upload (the provider may have filled some). */
  refresh: () => Promise<unknown>;
};

type SandboxVerificationProps = {
  subject: KycSubject;
  details?: DetailsStep;
  sdkToken: string;
  /** Asks for a new SDK token when the provider says this one has expired. */
  onSessionExpired: () => void;
};

const SMALL_SCREEN = '(max-width: 36em)';

/**
 * The sandbox identity provider's own screen: 1. identity document, 2. selfie, 3. submit for
 * review. What is already uploaded comes from the provider, so a reload or a second device
 * picks up where the client left off.
 */
export function SandboxVerification({ subject, details, sdkToken, onSessionExpired }: SandboxVerificationProps) {
  const applicant = useQuery(sandboxApplicantQueryOptions(sdkToken));

  // The first step shown depends on what is uploaded: only an answer from this visit will do,
  // never a cached one from before a review round ended.
  if (applicant.isPending || !applicant.isFetchedAfterMount) {
    return <LoadingStatus textSize="md">Loading your verification…</LoadingStatus>;
  }
  if (applicant.isError) {
    const expired = applicant.error instanceof ApiError && applicant.error.status === 401;
    return (
      <Alert color="red" variant="light" title="The verification could not be loaded" maw={640}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(applicant.error, 'Please try again in a moment.')}</Text>
          <Button size="xs" variant="light" onClick={expired ? onSessionExpired : () => void applicant.refetch()}>
            {expired ? 'Start again' : 'Try again'}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <SandboxSteps key={sdkToken} subject={subject} details={details} sdkToken={sdkToken} applicant={applicant.data} />
  );
}

function SandboxSteps({
  subject,
  details,
  sdkToken,
  applicant,
}: {
  subject: KycSubject;
  details?: DetailsStep;
  sdkToken: string;
  applicant: SandboxApplicant;
}) {
  const hasDocument = applicant.documents.some((d) => d.kind === 'identity_document');
  const hasSelfie = applicant.documents.some((d) => d.kind === 'selfie');
  // One progress indicator for the whole check: document, selfie, the details (when ours to fill), send.
  const total = details ? 4 : 3;
  const sendIndex = total - 1;
  const [active, setActive] = useState(() => {
    if (!hasDocument) return 0;
    if (!hasSelfie) return 1;
    return details && !details.done ? 2 : sendIndex;
  });
  const submit = useMutation(submitSandboxReviewMutation(subject));
  const small = useMediaQuery(SMALL_SCREEN) ?? false;
  const afterDocument = async () => {
    await details?.refresh();
    setActive(1);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={720}>
      <Stepper active={active} onStepClick={setActive} allowNextStepsSelect={false} size={small ? 'xs' : 'sm'}>
        <Stepper.Step
          label={small ? undefined : 'Document'}
          description={small ? undefined : 'Identity document'}
          aria-label={small ? 'Step 1: Identity document' : undefined}
        >
          <Stack gap="md" pt="md">
            <StepTitle>{`Step 1 of ${total}: Identity document`}</StepTitle>
            <Text size="sm" c="dimmed">
              Take a photo or scan of your passport, national ID card or driving licence. All corners visible, text
              readable, no glare.
            </Text>
            <DocumentUpload
              sdkToken={sdkToken}
              kind="identity_document"
              label="Identity document"
              description="JPEG, PNG, WebP or PDF, up to 5 MB"
              accept={DOCUMENT_TYPES.join(',')}
              allowedTypes={DOCUMENT_TYPES}
              uploaded={hasDocument}
              onUploaded={() => void afterDocument()}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step
          label={small ? undefined : 'Selfie'}
          description={small ? undefined : 'A photo of you'}
          aria-label={small ? 'Step 2: Selfie' : undefined}
        >
          <Stack gap="md" pt="md">
            <StepTitle>{`Step 2 of ${total}: Selfie`}</StepTitle>
            <Text size="sm" c="dimmed">
              Take a selfie in good light, looking at the camera, without a hat or sunglasses. On a phone this opens the
              front camera.
            </Text>
            <DocumentUpload
              sdkToken={sdkToken}
              kind="selfie"
              label="Selfie"
              description="JPEG, PNG or WebP photo, up to 5 MB"
              accept="image/*"
              capture="user"
              allowedTypes={IMAGE_TYPES}
              uploaded={hasSelfie}
              onUploaded={() => setActive(details && !details.done ? 2 : sendIndex)}
            />
          </Stack>
        </Stepper.Step>
        {details ? (
          <Stepper.Step
            label={small ? undefined : 'Details'}
            description={small ? undefined : 'About you'}
            aria-label={small ? 'Step 3: Your details' : undefined}
          >
            <Stack gap="md" pt="md">
              <StepTitle>{`Step 3 of ${total}: Your details`}</StepTitle>
              {details.render(() => setActive(sendIndex))}
            </Stack>
          </Stepper.Step>
        ) : null}
        <Stepper.Step
          label={small ? undefined : 'Submit'}
          description={small ? undefined : 'Send for review'}
          aria-label={small ? `Step ${total}: Submit` : undefined}
        >
          <Stack gap="md" pt="md">
            <StepTitle>{`Step ${total} of ${total}: Send for review`}</StepTitle>
            <List spacing="xs" center>
              <ChecklistItem done={hasDocument} label="Identity document" />
              <ChecklistItem done={hasSelfie} label="Selfie" />
            </List>
            <Text size="sm" c="dimmed">
              Once sent, a reviewer checks your documents. You cannot change them while the review runs.
            </Text>
            {submit.isError ? (
              <Alert color="red" variant="light" title="Not sent">
                {errorMessage(submit.error, 'Your documents could not be sent. Please try again.')}
              </Alert>
            ) : null}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setActive(sendIndex - 1)}>
                Back
              </Button>
              <Button
                onClick={() => submit.mutate(sdkToken)}
                loading={submit.isPending}
                disabled={!hasDocument || !hasSelfie}
              >
                Submit for review
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
      </Stepper>
    </Paper>
  );
}

function StepTitle({ children }: { children: string }) {
  return (
    <Text fw={600} size="sm">
      {children}
    </Text>
  );
}

function ChecklistItem({ done, label }: { done: boolean; label: string }) {
  return (
    <List.Item
      icon={
        <ThemeIcon color={done ? 'teal' : 'gray'} size={22} radius="xl" variant="light">
          {done ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
        </ThemeIcon>
      }
    >
      <Text size="sm">
        {label}: {done ? 'uploaded' : 'missing'}
      </Text>
    </List.Item>
  );
}
