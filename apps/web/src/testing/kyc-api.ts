import {
  emptyKycForm,
  kycFormSchema,
  type AdminApplicant,
  type AdminApplicantQueue,
  type KycFormField,
  type KycStatus,
  type OperatorReviewRequest,
  type User,
} from '@qmgt/contracts';
import { http, HttpResponse } from 'msw';
import { apiErrorBody } from './factories';

type SandboxDocument = { id: string; kind: 'identity_document' | 'selfie'; createdAt: string };

/**
 * The fake identity-verification API: personal details, the sandbox provider (documents,
 * submit, reviewer) and the back office, stateful like the real one. Tests arrange it through
 * `fakeKyc` and the helpers below.
 */
export type FakeKyc = {
  provider: 'sandbox' | 'sumsub';
  /** The SDK token the provider's screen must send (X-Access-Token). */
  sdkToken: string;
  /** The one valid second-device hand-off token. */
  handoffUid: string;
  /** get-status answers null (provider unreachable). */
  providerDown: boolean;
  personal: {
    form: Record<string, string>;
    currentStep: number;
    submittedAt: string | null;
    profileLink: string | null;
    fromDocument: KycFormField[];
  };
  /** What the provider reads from an identity document uploaded (its machine-readable zone). */
  documentReading: Partial<Record<KycFormField, string>>;
  applicant: {
    created: boolean;
    reviewStatus: string;
    reviewAnswer: 'GREEN' | 'RED' | null;
    reviewRejectType: 'RETRY' | 'FINAL' | null;
    moderationComment: string | null;
    rejectLabels: string[];
    /** Uploaded since the last review. */
    documents: SandboxDocument[];
  };
  /** The back office's list. */
  applicants: AdminApplicant[];
  pictures: number;
  /** The hand-off user's status when nobody is signed in (otherwise the signed-in user's). */
  handoffKycVerified: KycStatus;
};

const fresh = (): FakeKyc => ({
  provider: 'sandbox',
  sdkToken: 'sdk-token-1',
  handoffUid: 'handoff-uid-1',
  providerDown: false,
  personal: { form: emptyKycForm(), currentStep: 0, submittedAt: null, profileLink: null, fromDocument: [] },
  documentReading: {},
  applicant: {
    created: false,
    reviewStatus: 'init',
    reviewAnswer: null,
    reviewRejectType: null,
    moderationComment: null,
    rejectLabels: [],
    documents: [],
  },
  applicants: [],
  pictures: 0,
  handoffKycVerified: 'Not Verified',
});

export const fakeKyc: FakeKyc = fresh();

export function resetFakeKyc(): void {
  Object.assign(fakeKyc, fresh());
}

const IN_REVIEW = new Set(['pending', 'queued', 'onHold', 'prechecked', 'awaitingService', 'awaitingUser']);

function queueOf(applicant: AdminApplicant): Exclude<AdminApplicantQueue, 'all'> {
  if (applicant.kycVerified === 'Verified') return 'verified';
  if (applicant.kycVerified === 'Pending' || IN_REVIEW.has(applicant.reviewStatus)) return 'pending';
  if (applicant.kycVerified === 'Rejected') return 'rejected';
  return 'not-submitted';
}

const KYC_FIELDS = new Set(Object.keys(emptyKycForm()));

type Deps = {
  apiUrl: (path: string) => string;
  currentUser: () => User | null;
  setKycStatus: (status: KycStatus) => void;
};

let reviewer: ((decision: OperatorReviewRequest) => void) | null = null;

/** Plays the reviewer (as /api/dev/kyc/review would): the review completes and the webhook lands. */
export function reviewApplicant(decision: OperatorReviewRequest): void {
  if (!reviewer) throw new Error('the fake KYC API is not set up');
  reviewer(decision);
}

const error = (status: number, message: string, name = 'ValidationError') =>
  HttpResponse.json(apiErrorBody(status, message, name), { status });

export function createKycHandlers({ apiUrl, currentUser, setKycStatus }: Deps) {
  const personalView = () => ({ ...fakeKyc.personal, form: { ...emptyKycForm(), ...fakeKyc.personal.form } });

  /** The signed-in caller, or the hand-off token's user: null means refused. */
  const subject = async (request: Request): Promise<'ok' | Response> => {
    const text = await request.clone().text();
    const body = (text ? JSON.parse(text) : {}) as { uid?: string };
    if (body.uid !== undefined) {
      return body.uid === fakeKyc.handoffUid
        ? 'ok'
        : error(
            401,
            'This verification link has expired. Open it again from your signed-in device.',
            'UnauthorizedError',
          );
    }
    if (!request.headers.get('Authorization') || !currentUser())
      return error(401, 'Your session has expired', 'UnauthorizedError');
    return 'ok';
  };

  const signedIn = (request: Request) => Boolean(request.headers.get('Authorization') && currentUser());
  const sdk = (request: Request) => request.headers.get('X-Access-Token') === fakeKyc.sdkToken;
  const kycStatus = (): KycStatus => currentUser()?.kycVerified ?? fakeKyc.handoffKycVerified;
  const setStatus = (status: KycStatus) => {
    fakeKyc.handoffKycVerified = status;
    setKycStatus(status);
  };

  const mayUpload = () => {
    const a = fakeKyc.applicant;
    if (a.reviewStatus === 'pending')
      return error(409, 'Your documents are being reviewed. You will hear from us soon.', 'ConflictError');
    if (a.reviewStatus === 'completed' && a.reviewAnswer === 'GREEN')
      return error(409, 'Your identity is already verified.', 'ConflictError');
    if (a.reviewStatus === 'completed' && a.reviewRejectType === 'FINAL')
      return error(
        403,
        'Your verification was rejected and cannot be retried. Please contact support.',
        'ForbiddenError',
      );
    return null;
  };

  reviewer = (decision) => {
    const red = decision.reviewAnswer === 'RED';
    Object.assign(fakeKyc.applicant, {
      reviewStatus: 'completed',
      reviewAnswer: decision.reviewAnswer,
      reviewRejectType: red ? (decision.reviewRejectType ?? 'RETRY') : null,
      moderationComment: decision.moderationComment ?? null,
      rejectLabels: red ? ['DOCUMENT_DAMAGED'] : [],
      documents: [],
    });
    setStatus(red ? 'Rejected' : 'Verified');
  };

  return [
    http.get(apiUrl('/verification/get-personal'), ({ request }) =>
      signedIn(request)
        ? HttpResponse.json(personalView())
        : error(401, 'Your session has expired', 'UnauthorizedError'),
    ),
    http.post(apiUrl('/verification/save-draft-personal'), async ({ request }) => {
      if (!signedIn(request)) return error(401, 'Your session has expired', 'UnauthorizedError');
      const form = await request.formData();
      let picture = false;
      for (const [name, value] of form.entries()) {
        if (name === 'profilePicture') picture = true;
        else if (name === 'currentStep') fakeKyc.personal.currentStep = Number(value);
        else if (KYC_FIELDS.has(name) && typeof value === 'string') fakeKyc.personal.form[name] = value.trim();
        else return error(400, `Unknown field ${name}`);
      }
      if (picture) {
        fakeKyc.pictures += 1;
        fakeKyc.personal.profileLink = `/uploads/pictures/picture-${fakeKyc.pictures}.png`;
      }
      return HttpResponse.json(personalView());
    }),
    http.post(apiUrl('/verification/personal-info'), async ({ request }) => {
      if (!signedIn(request)) return error(401, 'Your session has expired', 'UnauthorizedError');
      const parsed = kycFormSchema.safeParse(await request.json());
      if (!parsed.success) return error(400, parsed.error.issues[0]?.message ?? 'The form is not complete.');
      fakeKyc.personal.form = { ...fakeKyc.personal.form, ...parsed.data };
      fakeKyc.personal.submittedAt = '2025-03-01T10:00:00.000Z';
      return HttpResponse.json(personalView());
    }),
    http.get(apiUrl('/verification/is-verify'), ({ request }) => {
      if (!signedIn(request)) return error(401, 'Your session has expired', 'UnauthorizedError');
      const status = kycStatus();
      return HttpResponse.json({
        kycVerified: status,
        isVerified: status === 'Verified',
        personalInfoSubmitted: fakeKyc.personal.submittedAt !== null,
        canResubmit:
          status === 'Not Verified' || (status === 'Rejected' && fakeKyc.applicant.reviewRejectType !== 'FINAL'),
      });
    }),
    http.post(apiUrl('/update-picture'), async ({ request }) => {
      if (!signedIn(request)) return error(401, 'Your session has expired', 'UnauthorizedError');
      const form = await request.formData();
      if (!form.has('profilePicture')) return error(400, 'Choose a picture to upload (field profilePicture).');
      fakeKyc.pictures += 1;
      fakeKyc.personal.profileLink = `/uploads/pictures/picture-${fakeKyc.pictures}.png`;
      return HttpResponse.json({ profileLink: fakeKyc.personal.profileLink });
    }),

    http.post(apiUrl('/applicant/access-token'), async ({ request }) => {
      const who = await subject(request);
      if (who !== 'ok') return who;
      fakeKyc.applicant.created = true;
      return HttpResponse.json({
        token: fakeKyc.sdkToken,
        userId: currentUser()?.id ?? 'handoff-user',
        provider: fakeKyc.provider,
        levelName: 'basic-kyc-level',
      });
    }),
    http.post(apiUrl('/applicant/get-status'), async ({ request }) => {
      const who = await subject(request);
      if (who !== 'ok') return who;
      if (fakeKyc.providerDown) return HttpResponse.json(null);
      const a = fakeKyc.applicant;
      return HttpResponse.json({
        reviewStatus: a.reviewStatus,
        reviewResult:
          a.reviewStatus === 'completed' && a.reviewAnswer
            ? {
                reviewAnswer: a.reviewAnswer,
                reviewRejectType: a.reviewRejectType,
                rejectLabels: a.rejectLabels,
                moderationComment: a.moderationComment,
              }
            : null,
        kycVerified: kycStatus(),
      });
    }),
    http.post(apiUrl('/applicant/handoff'), ({ request }) =>
      signedIn(request)
        ? HttpResponse.json({ uid: fakeKyc.handoffUid, expiresAt: '2025-03-01T10:15:00.000Z' })
        : error(401, 'Your session has expired', 'UnauthorizedError'),
    ),

    http.get(apiUrl('/sandbox-kyc/applicant'), ({ request }) => {
      if (!sdk(request))
        return error(401, 'The verification session has expired. Please start again.', 'UnauthorizedError');
      const a = fakeKyc.applicant;
      return HttpResponse.json({
        reviewStatus: a.reviewStatus,
        reviewAnswer: a.reviewAnswer,
        reviewRejectType: a.reviewRejectType,
        moderationComment: a.moderationComment,
        documents: a.documents,
      });
    }),
    http.post(apiUrl('/sandbox-kyc/documents'), async ({ request }) => {
      if (!sdk(request))
        return error(401, 'The verification session has expired. Please start again.', 'UnauthorizedError');
      const refused = mayUpload();
      if (refused) return refused;
      const form = await request.formData();
      const kind = form.get('kind');
      if (kind !== 'identity_document' && kind !== 'selfie')
        return error(400, 'Say which file this is: kind must be identity_document or selfie.');
      if (!form.has('file')) return error(400, 'Choose a file to upload (field file).');
      if (kind === 'identity_document' && !fakeKyc.personal.submittedAt) {
        for (const [field, value] of Object.entries(fakeKyc.documentReading) as [KycFormField, string][]) {
          if (fakeKyc.personal.form[field]) continue;
          fakeKyc.personal.form[field] = value;
          fakeKyc.personal.fromDocument.push(field);
        }
      }
      fakeKyc.applicant.documents.push({
        id: `doc-${fakeKyc.applicant.documents.length + 1}`,
        kind,
        createdAt: '2025-03-01T10:00:00.000Z',
      });
      return HttpResponse.json({ ok: true });
    }),
    http.post(apiUrl('/sandbox-kyc/submit'), ({ request }) => {
      if (!sdk(request))
        return error(401, 'The verification session has expired. Please start again.', 'UnauthorizedError');
      const refused = mayUpload();
      if (refused) return refused;
      const docs = fakeKyc.applicant.documents;
      if (!docs.some((d) => d.kind === 'identity_document') || !docs.some((d) => d.kind === 'selfie')) {
        return error(400, 'Upload a photo of your identity document and a selfie first.');
      }
      Object.assign(fakeKyc.applicant, {
        reviewStatus: 'pending',
        reviewAnswer: null,
        reviewRejectType: null,
        moderationComment: null,
        rejectLabels: [],
      });
      // The provider's applicantPending webhook lands at once here.
      setStatus('Pending');
      return HttpResponse.json({ reviewStatus: 'pending' });
    }),

    http.get(apiUrl('/admin/kyc/applicants'), ({ request }) => {
      if (!signedIn(request)) return error(401, 'Your session has expired', 'UnauthorizedError');
      if (currentUser()?.role !== 'operator') return error(403, 'This page is for operators only.', 'ForbiddenError');
      // The server's queues (migration 0034's kyc_applicants.queue), paged by the last id shown.
      const params = new URL(request.url).searchParams;
      const queue = (params.get('queue') ?? 'pending') as AdminApplicantQueue;
      const pageSize = Number(params.get('pageSize') ?? '20');
      const matching = fakeKyc.applicants.filter((a) => queue === 'all' || queueOf(a) === queue);
      const cursor = params.get('cursor');
      const from = cursor ? matching.findIndex((a) => a.id === cursor) + 1 : 0;
      const data = matching.slice(from, from + pageSize);
      return HttpResponse.json({
        data,
        nextCursor: from + pageSize < matching.length ? (data.at(-1)?.id ?? null) : null,
      });
    }),
    http.post(apiUrl('/admin/kyc/applicants/:applicantId/review'), async ({ request, params }) => {
      if (!signedIn(request)) return error(401, 'Your session has expired', 'UnauthorizedError');
      if (currentUser()?.role !== 'operator') return error(403, 'This page is for operators only.', 'ForbiddenError');
      const applicant = fakeKyc.applicants.find((a) => a.id === params.applicantId);
      if (!applicant) return error(404, 'No such applicant.', 'NotFoundError');
      const decision = (await request.json()) as OperatorReviewRequest;
      const red = decision.reviewAnswer === 'RED';
      applicant.kycVerified = red ? 'Rejected' : 'Verified';
      applicant.reviewStatus = 'completed';
      applicant.reviewResult = {
        reviewAnswer: decision.reviewAnswer,
        reviewRejectType: red ? (decision.reviewRejectType ?? 'RETRY') : null,
        rejectLabels: [],
        moderationComment: decision.moderationComment ?? null,
      };
      applicant.decisions = [
        {
          action: 'kyc.reviewed',
          detail: [decision.reviewAnswer, decision.reviewRejectType, decision.moderationComment]
            .filter(Boolean)
            .join(' '),
          actor: currentUser()?.username ?? null,
          createdAt: '2025-03-02T09:00:00.000Z',
        },
        ...applicant.decisions,
      ];
      return HttpResponse.json({ ok: true });
    }),
    http.get(apiUrl('/admin/kyc/applicants/:applicantId/documents/:documentId'), ({ request, params }) => {
      if (!signedIn(request)) return error(401, 'Your session has expired', 'UnauthorizedError');
      if (currentUser()?.role !== 'operator') return error(403, 'This page is for operators only.', 'ForbiddenError');
      return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
        headers: {
          'Content-Type': 'application/octet-stream',
          'Content-Disposition': `attachment; filename="document-${String(params.documentId)}.pdf"`,
        },
      });
    }),
  ];
}
