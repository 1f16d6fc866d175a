import { useSearchParams } from 'react-router';
import { AuthCard } from '@/components/ui/auth-card';
import { paths } from '@/config/paths';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { useSandboxMode } from '@/features/sandbox/api/sandbox-api';

/** /signup and /register?ref=CODE: the same form, the second one keeps the referral code. */
export function SignUpRoute() {
  const [searchParams] = useSearchParams();
  const referralCode = searchParams.get('ref') ?? '';
  const sandbox = useSandboxMode() === 'sandbox';
  return (
    <AuthCard title="Create your account" subtitle="Save in gold-backed QMGT tokens.">
      <SignUpForm referralCode={referralCode} mailboxLink={sandbox ? paths.devMailbox.to() : undefined} />
    </AuthCard>
  );
}
