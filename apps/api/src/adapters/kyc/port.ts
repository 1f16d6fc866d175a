import type { KycProvider, ReviewResult } from '@qmgt/contracts';

/** The provider's view of an applicant: what Sumsub answers for GET /resources/applicants/{id}/one. */
export interface ProviderApplicant {
  id: string;
  externalUserId: string;
  levelName: string;
  createdAt: string;
  reviewStatus: string;
  reviewResult: ReviewResult | null;
}

/** A failure talking to the provider (HTTP error, timeout, bad answer). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * The identity-provider port. Two adapters: `sumsub` (the real REST API) and `sandbox` (a local
 * provider with its own document + selfie screen that reviews through an operator and calls
 * our webhook endpoint with signed payloads, exactly as Sumsub does).
 */
export interface IdentityProvider {
  readonly kind: KycProvider;
  readonly levelName: string;
  /** Finds the applicant for our user id, creating it at the provider when missing. */
  ensureApplicant(externalUserId: string): Promise<ProviderApplicant>;
  /**
   * A WebSDK access token for the user's browser. `sessionId` is our session that asked for it:
   * the sandbox binds its token to it; Sumsub's own tokens cannot carry it (they expire on their own).
   */
  createAccessToken(externalUserId: string, context: { sessionId: string }): Promise<{ token: string; userId: string }>;
  getApplicant(applicantId: string): Promise<ProviderApplicant>;
}
