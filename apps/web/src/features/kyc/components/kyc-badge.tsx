import { Badge, Button } from '@mantine/core';
import type { KycStatus } from '@qmgt/contracts';
import { IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** SPEC.md section 2: the badge text for each KYC status. */
export function kycBadgeLabel(status: KycStatus): string {
  switch (status) {
    case 'Rejected':
      return 'KYC Rejected';
    case 'Pending':
      return 'KYC Pending';
    case 'Not Verified':
      return 'Start KYC Verification';
    default:
      return 'Verified';
  }
}

const badgeColor: Record<KycStatus, string> = {
  Rejected: 'red',
  Pending: 'yellow',
  'Not Verified': 'gray',
  Verified: 'teal',
};

/**
 * Where the badge leads, or null when it is only a label (Verified). For the profile menu,
 * whose entries must all be menu items: it draws its own item from this and kycBadgeLabel.
 */
export function useKycBadgeTarget(status: KycStatus): string | null {
  // One flow (decision 024): the details, the document and the selfie are all on /kyc-verification.
  return status === 'Verified' ? null : paths.kycVerification.to();
}

/** 'Start KYC Verification': the one flow, from the personal details to the selfie (decision 024). */
function StartKycButton({ onNavigate }: { onNavigate?: () => void }) {
  const to = paths.kycVerification.to();
  return (
    <Button
      component={Link}
      to={to}
      onClick={onNavigate}
      size="compact-sm"
      variant="light"
      leftSection={<IconShieldCheck size={16} aria-hidden />}
    >
      {kycBadgeLabel('Not Verified')}
    </Button>
  );
}

/**
 * The client's identity-verification state. An unverified client gets a way to start it; a
 * pending or rejected one a way to see where it stands.
 */
export function KycBadge({ status, onNavigate }: { status: KycStatus; onNavigate?: () => void }) {
  if (status === 'Not Verified') return <StartKycButton onNavigate={onNavigate} />;
  const label = kycBadgeLabel(status);
  if (status === 'Pending' || status === 'Rejected') {
    return (
      <Badge
        component={Link}
        to={paths.kycVerification.to()}
        onClick={onNavigate}
        color={badgeColor[status]}
        variant="light"
        size="lg"
        radius="sm"
        tt="none"
        style={{ cursor: 'pointer' }}
      >
        {label}
      </Badge>
    );
  }
  return (
    <Badge color={badgeColor[status]} variant="light" size="lg" radius="sm" tt="none">
      {label}
    </Badge>
  );
}
