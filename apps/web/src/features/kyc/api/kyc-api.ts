import {
  accessTokenResponseSchema,
  apiPaths,
  applicantStatusSchema,
  handoffResponseSchema,
  KYC_STATUS_POLL_MS,
  okSchema,
  personalInfoResponseSchema,
  pictureResponseSchema,
  sandboxApplicantSchema,
  sandboxSubmitResponseSchema,
  type ApplicantStatus,
  type KycFormField,
  type KycFormSubmission,
  type PersonalInfoResponse,
} from '@qmgt/contracts';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, apiUpload, type UploadProgress } from '@/lib/api-client';
import { kycKeys, subjectBody, subjectUsesSession, type KycSubject } from './query-keys';

/* KYC (SPEC.md section 4): the client's form, the provider's token and status, the sandbox provider's screen; the saved form's query is get-personal.ts. */

export type DraftInput = {
  /** Any subset of the form's fields; nothing is required in a draft. */
  fields?: Partial<Record<KycFormField, string>>;
  /** Index (0-3) of the step the client is on. */
  currentStep?: number;
  profilePicture?: File;
  onProgress?: (progress: UploadProgress) => void;
};

/**
 * POST /verification/save-draft-personal (bearer, multipart): merges the given fields (and a
 * new profile picture) into the saved draft and answers the whole saved form.
 */
export const saveDraftPersonal = ({ fields = {}, currentStep, profilePicture, onProgress }: DraftInput) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value ?? '');
  if (currentStep !== undefined) form.append('currentStep', String(currentStep));
  if (profilePicture) form.append('profilePicture', profilePicture, profilePicture.name);
  return apiUpload(apiPaths.saveDraftPersonal, form, { schema: personalInfoResponseSchema, onProgress });
};

/** The answer is the saved form: it becomes the cached get-personal at once. */
export const saveDraftPersonalMutation = () =>
  mutationOptions({
    mutationFn: saveDraftPersonal,
    // The form shows what failed next to the fields; a toast would repeat it.
    meta: { silent: true },
    onSuccess: (saved, _input, _result, { client }) => client.setQueryData(kycKeys.personal(), saved),
  });

/** POST /verification/personal-info (bearer): the whole form, checked by kycFormSchema; 400 or 422 names the first issue. */
export const submitPersonalInfo = (form: KycFormSubmission) =>
  apiRequest(apiPaths.personalInfo, { method: 'POST', body: form, schema: personalInfoResponseSchema });

export const submitPersonalInfoMutation = () =>
  mutationOptions({
    mutationFn: submitPersonalInfo,
    meta: { silent: true },
    onSuccess: async (saved, _form, _result, { client }) => {
      client.setQueryData(kycKeys.personal(), saved);
      await client.invalidateQueries({ queryKey: kycKeys.isVerify() });
    },
  });

export type PictureInput = { picture: File; onProgress?: (progress: UploadProgress) => void };

/** POST /update-picture (bearer, multipart `profilePicture`): answers the new public `profileLink`. */
export const updatePicture = ({ picture, onProgress }: PictureInput) => {
  const form = new FormData();
  form.append('profilePicture', picture, picture.name);
  return apiUpload(apiPaths.updatePicture, form, { schema: pictureResponseSchema, onProgress });
};

export const updatePictureMutation = () =>
  mutationOptions({
    mutationFn: updatePicture,
    meta: { silent: true },
    onSuccess: ({ profileLink }, _input, _result, { client }) => {
      client.setQueryData<PersonalInfoResponse>(kycKeys.personal(), (saved) =>
        saved ? { ...saved, profileLink } : saved,
      );
    },
  });

/**
 * POST /applicant/access-token: creates the applicant at the provider if needed and answers
 * an SDK token for its screen, with which provider ('sandbox' or 'sumsub') is on.
 */
export const getAccessToken = (subject: KycSubject, signal?: AbortSignal) =>
  apiRequest(apiPaths.applicantAccessToken, {
    method: 'POST',
    body: subjectBody(subject),
    schema: accessTokenResponseSchema,
    auth: subjectUsesSession(subject),
    signal,
  });

/** SDK tokens live 30 minutes (sandbox) or as the provider sets; a fresh one is asked well before. */
const ACCESS_TOKEN_FRESH_MS = 10 * 60 * 1000;

export const accessTokenQueryOptions = (subject: KycSubject) =>
  queryOptions({
    queryKey: kycKeys.accessToken(subject),
    queryFn: ({ signal }) => getAccessToken(subject, signal),
    staleTime: ACCESS_TOKEN_FRESH_MS,
    // A new token mid-upload would only churn the provider's screen.
    refetchOnWindowFocus: false,
    meta: { silent: true },
  });

/**
 * POST /applicant/get-status: the provider's review (`reviewStatus`, `reviewResult`) and our
 * `kycVerified`; null when the provider could not be asked.
 */
export const getApplicantStatus = (subject: KycSubject, signal?: AbortSignal) =>
  apiRequest(apiPaths.applicantStatus, {
    method: 'POST',
    body: subjectBody(subject),
    schema: applicantStatusSchema,
    auth: subjectUsesSession(subject),
    signal,
  });

export type KnownApplicantStatus = NonNullable<ApplicantStatus>;

/** Nothing more will change without the client: verified, or rejected for good. */
export function isFinalStatus(status: ApplicantStatus | undefined): boolean {
  if (!status) return false;
  if (status.kycVerified === 'Verified') return true;
  const result = status.reviewResult;
  return status.reviewStatus === 'completed' && result?.reviewAnswer === 'RED' && result.reviewRejectType === 'FINAL';
}

/**
 * Polled every KYC_STATUS_POLL_MS (SPEC.md section 4) until final; polling stops with the
 * last observer (leaving the page). An unreachable provider (null) is silent: the last known
 * status stays on screen and the next poll tries again.
 */
export const applicantStatusQueryOptions = (subject: KycSubject) =>
  queryOptions({
    queryKey: kycKeys.status(subject),
    queryFn: ({ signal }) => getApplicantStatus(subject, signal),
    refetchInterval: (query) => (isFinalStatus(query.state.data) ? false : KYC_STATUS_POLL_MS),
    structuralSharing: (previous: unknown, next: unknown) => next ?? previous ?? null,
    meta: { silent: true },
  });

/** POST /applicant/handoff (bearer): a 15-minute token for continuing on another device. */
export const createHandoff = () =>
  apiRequest(apiPaths.applicantHandoff, { method: 'POST', body: {}, schema: handoffResponseSchema });

export const createHandoffMutation = () => mutationOptions({ mutationFn: createHandoff });

/** The link the QR code carries: this site's /kyc-verification with the hand-off token. */
export const handoffLink = (origin: string, uid: string) => `${origin}/kyc-verification?uid=${encodeURIComponent(uid)}`;

/** The provider's screen authenticates with its SDK token, never with our session. */
export const sdkHeaders = (sdkToken: string) => ({ 'X-Access-Token': sdkToken });

/** GET /sandbox-kyc/applicant (X-Access-Token): the sandbox applicant and its current documents. */
export const getSandboxApplicant = (sdkToken: string, signal?: AbortSignal) =>
  apiRequest(apiPaths.sandboxKycApplicant, {
    schema: sandboxApplicantSchema,
    headers: sdkHeaders(sdkToken),
    auth: false,
    signal,
  });

export const sandboxApplicantQueryOptions = (sdkToken: string) =>
  queryOptions({
    queryKey: kycKeys.sandboxApplicant(sdkToken),
    queryFn: ({ signal }) => getSandboxApplicant(sdkToken, signal),
    meta: { silent: true },
  });

export type SandboxDocumentKind = 'identity_document' | 'selfie';

export type SandboxUploadInput = {
  sdkToken: string;
  kind: SandboxDocumentKind;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
};

/**
 * POST /sandbox-kyc/documents (X-Access-Token, multipart `kind` + `file`): 413 over 5 MB, 415
 * when the bytes are not an accepted type.
 */
export const uploadSandboxDocument = ({ sdkToken, kind, file, onProgress }: SandboxUploadInput) => {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  return apiUpload(apiPaths.sandboxKycDocuments, form, {
    schema: okSchema,
    headers: sdkHeaders(sdkToken),
    auth: false,
    onProgress,
  });
};

export const uploadSandboxDocumentMutation = () =>
  mutationOptions({
    mutationFn: uploadSandboxDocument,
    // The upload step shows the server's reason next to the file.
    meta: { silent: true },
    onSuccess: (_ok, { sdkToken }, _result, { client }) =>
      client.invalidateQueries({ queryKey: kycKeys.sandboxApplicant(sdkToken) }),
  });

/**
 * POST /sandbox-kyc/submit (X-Access-Token): sends the uploaded document and selfie for
 * review. 409 until both are uploaded and while pending or verified, 403 after a FINAL rejection.
 */
export const submitSandboxReview = (sdkToken: string) =>
  apiRequest(apiPaths.sandboxKycSubmit, {
    method: 'POST',
    schema: sandboxSubmitResponseSchema,
    headers: sdkHeaders(sdkToken),
    auth: false,
  });

export const submitSandboxReviewMutation = (subject: KycSubject) =>
  mutationOptions({
    mutationFn: submitSandboxReview,
    meta: { silent: true },
    onSuccess: async (_answer, sdkToken, _result, { client }) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: kycKeys.status(subject) }),
        client.invalidateQueries({ queryKey: kycKeys.sandboxApplicant(sdkToken) }),
      ]);
    },
  });
