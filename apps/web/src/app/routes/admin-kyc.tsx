import { Text } from '@mantine/core';
import { ScreenTitle } from '@/components/ui/screen-title';
import { KycReviewBoard } from '@/features/admin/components/kyc-review-board';

/** /admin/kyc (operators only): identity reviews of the sandbox provider. */
export function AdminKycRoute() {
  return (
    <>
      <ScreenTitle>Identity Reviews</ScreenTitle>
      <Text c="dimmed" mt={-12} mb="lg" maw={720}>
        Check each applicant&apos;s identity document and selfie, then approve or reject. Every decision is recorded
        with your name.
      </Text>
      <KycReviewBoard />
    </>
  );
}
