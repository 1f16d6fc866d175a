import { AuthCard } from '@/components/ui/auth-card';
import { SignInForm } from '@/features/auth/components/sign-in-form';

/** After a successful sign-in the GuestOnly guard moves on (to where the client was going, or /). */
export function SignInRoute() {
  return (
    <AuthCard title="Log in" subtitle="Welcome back. Log in with your e-mail or username.">
      <SignInForm />
    </AuthCard>
  );
}
