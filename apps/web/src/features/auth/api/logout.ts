import { apiPaths } from '@qmgt/contracts';
import { apiRequest } from '@/lib/api-client';

// Apart from auth-api.ts: every signed-in first load imports the session's calls, and the account's other calls would come with them.

/**
 * POST /auth/logout (bearer, 204): ends the session on the server too. A refused token here
 * means the session is already over, which is what the caller wants, so it is not reported.
 */
export const logoutRequest = () => apiRequest(apiPaths.logout, { method: 'POST', reportSessionEnd: false });
