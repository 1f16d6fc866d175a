import { Stack } from '@mantine/core';
import { ScreenSection, ScreenTitle } from '@/components/ui/screen-title';
import { BankReview } from '@/features/compliance/components/bank-review';
import { BankVerification } from '@/features/compliance/components/bank-verification';
import { NomineeForm } from '@/features/compliance/components/nominee-form';
import { NomineesAdmin } from '@/features/compliance/components/nominees-admin';
import { useSandboxMode } from '@/features/sandbox/api/sandbox-api';

/* Compliance (issue 13): nominees and bank verification. */

export function NomineeRoute() {
  return (
    <>
      <ScreenTitle>Nominee</ScreenTitle>
      <NomineeForm />
    </>
  );
}

export function BankVerificationRoute() {
  const sandbox = useSandboxMode() === 'sandbox';
  return (
    <>
      <ScreenTitle>Bank Verification</ScreenTitle>
      <BankVerification sandbox={sandbox} />
    </>
  );
}

export function AdminComplianceRoute() {
  return (
    <>
      <ScreenTitle>Compliance</ScreenTitle>
      <Stack gap="xl">
        <ScreenSection title="Bank accounts to review">
          <BankReview />
        </ScreenSection>
        <ScreenSection title="Nominees">
          <NomineesAdmin />
        </ScreenSection>
      </Stack>
    </>
  );
}
