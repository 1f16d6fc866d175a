/**
 * Whose verification a call is about: the signed-in client ('self'), or the user of a
 * second-device hand-off token (`uid` query parameter, no session needed).
 */
export type KycSubject = { kind: 'self' } | { kind: 'handoff'; uid: string };

export const subjectKey = (subject: KycSubject) => (subject.kind === 'self' ? 'self' : `uid:${subject.uid}`);

/** The body every applicant call takes: nothing for the caller, `{ uid }` for a hand-off. */
export const subjectBody = (subject: KycSubject) => (subject.kind === 'handoff' ? { uid: subject.uid } : {});

/**
 * A hand-off token stands in for the session, so no bearer token goes with it: a signed-in
 * phone opening someone's link must not send its own session (nor be signed out by its refusal).
 */
export const subjectUsesSession = (subject: KycSubject) => subject.kind === 'self';

export const kycKeys = {
  all: ['kyc'] as const,
  personal: () => [...kycKeys.all, 'personal'] as const,
  isVerify: () => [...kycKeys.all, 'is-verify'] as const,
  accessToken: (subject: KycSubject) => [...kycKeys.all, 'access-token', subjectKey(subject)] as const,
  status: (subject: KycSubject) => [...kycKeys.all, 'status', subjectKey(subject)] as const,
  sandboxApplicant: (sdkToken: string) => [...kycKeys.all, 'sandbox-applicant', sdkToken] as const,
};
