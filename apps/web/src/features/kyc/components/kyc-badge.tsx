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

/** The client's identity-verification state; an unverified client gets a way to start it. */
export function KycBadge({ status, onNavigate }: { status: KycStatus; onNavigate?: () => void }) {
  const label = kycBadgeLabel(status);
  if (status === 'Not Verified') {
    return (
      <Button
        component={Link}
        to={paths.kycVerification.to()}
        onClick={onNavigate}
        size="compact-sm"
        variant="light"
        leftSection={<IconShieldCheck size={16} aria-hidden />}
      >
        {label}
      </Button>
    );
  }
  return (
    <Badge color={badgeColor[status]} variant="light" size="lg" radius="sm" tt="none">
      {label}
    </Badge>
  );
}
