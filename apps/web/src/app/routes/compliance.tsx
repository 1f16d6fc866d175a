import { Stack, Title } from '@mantine/core';
import { ScreenTitle } from '@/components/ui/screen-title';
import { BankReview } from '@/features/compliance/components/bank-review';
import { BankVerification } from '@/features/compliance/components/bank-verification';
import { NomineeForm } from '@/features/compliance/components/nominee-form';
import { NomineesAdmin } from '@/features/compliance/components/nominees-admin';
import { useSandboxMode } from '@/features/sandbox/api/get-health';

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
        <Stack gap="sm">
          <Title order={2} size="h4">
            Bank accounts to review
          </Title>
          <BankReview />
        </Stack>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Nominees
          </Title>
          <NomineesAdmin />
        </Stack>
      </Stack>
    </>
  );
}
