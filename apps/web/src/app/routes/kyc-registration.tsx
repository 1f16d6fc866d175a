import { Navigate } from 'react-router';
import { paths } from '@/config/paths';

/**
 * /Registration/{step}: the old four-step form's address. The personal details are now the
 * first step of the one identity flow on /kyc-verification (decision 024); links still work.
 */
export function KycRegistrationRoute() {
  return <Navigate to={paths.kycVerification.to()} replace />;
}
