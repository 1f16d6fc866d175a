import { Group, Stack, Text } from '@mantine/core';
import type { KycStatus } from '@qmgt/contracts';
import { useQueryClient, useQuery } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { LoadFailure, LoadingStatus } from '@/components/ui/load-states';
import { usePersonal } from '../../api/get-personal';
import { accessTokenQueryOptions } from '../../api/kyc-api';
import { kycKeys, type KycSubject } from '../../api/query-keys';
import { KycDetailsForm } from '../registration/kyc-details-form';
import { useKycStatus } from '../../hooks/use-kyc-status';
import { verificationView } from '../../hooks/verification-view';
import { HandoffButton } from './handoff-dialog';
import { SandboxVerification, type DetailsStep } from './sandbox-verification';
import { SumsubVerification } from './sumsub-verification';
import { FinalRejection, InReview, RetryNotice, Verified } from './verification-outcomes';

type KycVerificationFlowProps = {
  subject: KycSubject;
  /** Called when the signed-in client's KYC status changed (the app refreshes the client record). */
  onKycStatusChange?: (status: KycStatus) => void;
  /** Shown above the upload only (e.g. a hint from another feature), never with an outcome. */
  notice?: ReactNode;
};

/**
 * /kyc-verification: the provider's flow for the signed-in client or a hand-off token's user.
 * The status is polled every second until final and decides what shows: the upload (sandbox)
 * or the WebSDK (Sumsub), the pending state, a RETRY or FINAL rejection, or success.
 */
export function KycVerificationFlow({ subject, onKycStatusChange, notice }: KycVerificationFlowProps) {
  const queryClient = useQueryClient();
  const status = useKycStatus(subject, onKycStatusChange);
  const view = status.data ? verificationView(status.data) : null;
  const needsProvider = view?.kind === 'start' || view?.kind === 'retry';
  const accessToken = useQuery({ ...accessTokenQueryOptions(subject), enabled: needsProvider });
  // The signed-in client's personal details are a step of the flow (decision 024).
  const personal = usePersonal(subject.kind === 'self' && needsProvider);
  const [detailsSent, setDetailsSent] = useState(false);

  const renewToken = useCallback(async () => {
    const fresh = await queryClient.fetchQuery({ ...accessTokenQueryOptions(subject), staleTime: 0 });
    return fresh.token;
  }, [queryClient, subject]);

  if (status.isError && !status.data) {
    return <LoadFailure title="Your verification could not be opened" query={status} maw={640} />;
  }
  // Pending, or the provider did not answer yet (null): keep asking, quietly.
  if (!status.data || !view) return <LoadingStatus textSize="md">Checking your verification status…</LoadingStatus>;

  switch (view.kind) {
    case 'verified':
      return <Verified signedIn={subject.kind === 'self'} />;
    case 'final':
      return <FinalRejection reason={view.reason} />;
    case 'in-review':
      return <InReview />;
    default:
      break;
  }

  let details: DetailsStep | undefined;
  if (subject.kind === 'self') {
    if (personal.isPending) return <LoadingStatus textSize="md">Loading your details…</LoadingStatus>;
    if (personal.isError) return <LoadFailure title="Your details could not be loaded" query={personal} maw={640} />;
    const saved = personal.data;
    // Sumsub's own screen takes the document after the details; the sandbox's took it before.
    const documentNext = accessToken.data?.provider === 'sumsub';
    details = {
      done: Boolean(saved.submittedAt),
      render: (next) => (
        <KycDetailsForm
          saved={saved}
          submitLabel={documentNext ? 'Continue to your document' : 'Save and continue'}
          onSubmitted={() => {
            setDetailsSent(true);
            next();
          }}
        />
      ),
      refresh: () => personal.refetch(),
    };
  }

  let provider: ReactNode;
  if (accessToken.isPending) provider = <LoadingStatus textSize="md">Preparing your verification…</LoadingStatus>;
  else if (accessToken.isError) {
    provider = <LoadFailure title="The verification could not be started" query={accessToken} maw={640} />;
  } else if (accessToken.data.provider === 'sumsub' && details && !details.done && !detailsSent) {
    provider = details.render(() => setDetailsSent(true));
  } else if (accessToken.data.provider === 'sumsub') {
    provider = (
      <SumsubVerification
        accessToken={accessToken.data.token}
        onTokenExpired={renewToken}
        onProviderEvent={() => void queryClient.invalidateQueries({ queryKey: kycKeys.status(subject) })}
      />
    );
  } else {
    provider = (
      <SandboxVerification
        subject={subject}
        details={details}
        sdkToken={accessToken.data.token}
        onSessionExpired={() => void renewToken()}
      />
    );
  }

  return (
    <Stack gap="lg">
      <Text c="dimmed" maw={640}>
        {subject.kind === 'handoff'
          ? 'Take a photo of your identity document and a selfie with this phone.'
          : 'Confirm your identity with a photo of your identity document and a selfie.'}
      </Text>
      {view.kind === 'retry' ? <RetryNotice reason={view.reason} /> : null}
      {notice}
      {subject.kind === 'self' && accessToken.data?.provider === 'sandbox' ? (
        <Group justify="space-between" maw={720} gap="sm">
          <Text size="sm" c="dimmed" maw={440}>
            No camera here? Continue on your phone: this page updates when you are done there.
          </Text>
          <HandoffButton />
        </Group>
      ) : null}
      {provider}
    </Stack>
  );
}
