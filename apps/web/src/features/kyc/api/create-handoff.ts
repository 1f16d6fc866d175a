import { apiPaths, handoffResponseSchema } from '@qmgt/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /applicant/handoff (bearer): a 15-minute token for continuing on another device. */
export const createHandoff = () =>
  apiRequest(apiPaths.applicantHandoff, { method: 'POST', body: {}, schema: handoffResponseSchema });

export const useCreateHandoff = () => useMutation({ mutationFn: createHandoff });

/** The link the QR code carries: this site's /kyc-verification with the hand-off token. */
export const handoffLink = (origin: string, uid: string) => `${origin}/kyc-verification?uid=${encodeURIComponent(uid)}`;
