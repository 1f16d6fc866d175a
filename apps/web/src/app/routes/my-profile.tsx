import { ActionIcon, Code, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { Detail } from '@/components/ui/detail';
import { ScreenTitle } from '@/components/ui/screen-title';
import { SectionCard } from '@/components/ui/section-card';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { KycBadge } from '@/features/kyc/components/kyc-badge';
import { NotificationPreferences } from '@/features/notifications/components/notification-preferences';
import { PersonalInfoSummary } from '@/features/kyc/components/profile/personal-info-summary';
import { ProfilePicture } from '@/features/kyc/components/profile/profile-picture-card';
import { copyReferralLink } from '@/lib/copy-feedback';
import { referralLink } from '@/lib/format';
import { useSessionStore } from '@/lib/session-store';

/** /My-Profile (KYC verified): the account, the picture, the submitted details and the password. */
export function MyProfileRoute() {
  const user = useSessionStore((s) => s.info);
  if (!user) return null;
  const link = referralLink(window.location.origin, user.refCode);

  return (
    <>
      <ScreenTitle>My Profile</ScreenTitle>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" maw={1100}>
        <Stack gap="lg">
          <SectionCard title="Account">
            <ProfilePicture fallback={user.username.slice(0, 2).toUpperCase()} />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Detail label="Username">{user.username}</Detail>
              <Detail label="E-mail">{user.email}</Detail>
              <Detail label="Referral code">
                <Group gap={4} wrap="nowrap">
                  <Code>{user.refCode}</Code>
                  <Tooltip label="Copy referral link">
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label="Copy referral link"
                      onClick={() => void copyReferralLink(link)}
                    >
                      <IconCopy size={14} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Detail>
              <Detail label="Identity verification">
                <KycBadge status={user.kycVerified} />
              </Detail>
            </SimpleGrid>
          </SectionCard>
          <SectionCard title="E-mail notifications">
            <NotificationPreferences />
          </SectionCard>
          <SectionCard title="Change password">
            <Text size="sm" c="dimmed" mt={-8}>
              Your other sessions end when the password changes.
            </Text>
            <ChangePasswordForm />
          </SectionCard>
        </Stack>
        <SectionCard title="Identity details">
          <PersonalInfoSummary />
        </SectionCard>
      </SimpleGrid>
    </>
  );
}
