import fs from 'node:fs/promises';
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { Session } from './users.js';

/**
 * Helpers for the identity-verification (KYC) journeys: real files for the uploads, the KYC
 * form's fields, the sandbox provider's screen, its reviewer (POST /api/dev/kyc/review) and
 * the operator from the e2e server's OPERATOR_EMAIL / OPERATOR_PASSWORD.
 */

/** A real 1x1 PNG (the server sniffs the bytes, so the picture must be one). */
const PNG_1X1_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A minimal PDF: the magic bytes '%PDF-' are what an identity-document upload is checked by. */
const MINIMAL_PDF = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
  '',
].join('\n');

/**
 * A passport scan whose text layer carries its machine-readable zone (ICAO 9303, check digits
 * right): the sandbox provider reads Aisha Rahman's name, birth date, sex and passport number from
 * it, as Sumsub reads a real document (decision 024). Matches PERSONAL and IDENTITY below.
 */
const PASSPORT_MRZ = ['P<MYSRAHMAN<<AISHA<<<<<<<<<<<<<<<<<<<<<<<<<<', 'A123456784MYS9005178F3401011<<<<<<<<<<<<<<<4'];
const PASSPORT_PDF = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 420 200] /Contents 4 0 R >> endobj',
  `4 0 obj << >> stream\nBT /F1 9 Tf 10 40 Td (${PASSPORT_MRZ[0]}) Tj 0 -12 Td (${PASSPORT_MRZ[1]}) Tj ET\nendstream endobj`,
  'trailer << /Root 1 0 R >>',
  '%%EOF',
  '',
].join('\n');

export type Fixtures = { png: string; pdf: string; passport: string; script: string };

/** Writes the upload files into this test's output folder and answers their paths. */
export async function writeFixtures(testInfo: TestInfo): Promise<Fixtures> {
  const png = testInfo.outputPath('profile-picture.png');
  const pdf = testInfo.outputPath('passport-scan.pdf');
  const passport = testInfo.outputPath('passport-with-zone.pdf');
  // A shell script renamed to .png: the browser believes the name, the server must not.
  const script = testInfo.outputPath('not-really-a-picture.png');
  await fs.mkdir(testInfo.outputPath(), { recursive: true });
  await fs.writeFile(png, Buffer.from(PNG_1X1_BASE64, 'base64'));
  await fs.writeFile(pdf, MINIMAL_PDF);
  await fs.writeFile(passport, PASSPORT_PDF);
  await fs.writeFile(script, '#!/bin/sh\necho pwned\n');
  return { png, pdf, passport, script };
}

export const PERSONAL = {
  firstName: 'Aisha',
  middleName: 'Binti',
  lastName: 'Rahman',
  dateOfBirth: '1990-05-17',
  gender: 'Female',
  maritalStatus: 'Married',
  citizenship: 'Malaysian',
} as const;

export const CONTACT = {
  address: '12 Jalan Emas',
  city: 'Kuala Lumpur',
  postalCode: '50450',
  country: 'Malaysia',
  mobilePhone: '+60 12 345 6789',
} as const;

export const IDENTITY = { idType: 'Passport', idNumber: 'A12345678' } as const;

export const FINANCIAL = { occupation: 'Engineer', sourceOfIncome: 'Salary' } as const;

/** The whole form as POST /verification/personal-info takes it (every field is text). */
export const COMPLETE_FORM = {
  firstName: 'Budi',
  middleName: '',
  lastName: 'Santoso',
  dateOfBirth: '1985-11-02',
  gender: 'Male',
  maritalStatus: '',
  motherMaidenName: '',
  citizenship: 'Indonesian',
  address: '3 Jalan Merdeka',
  city: 'Jakarta',
  postalCode: '10110',
  country: 'Indonesia',
  mobilePhone: '+62 812 3456 7890',
  altPhoneNumber: '',
  faxNo: '',
  idType: 'National ID',
  idNumber: '3171234567890001',
  incomeTaxNo: '',
  occupation: 'Teacher',
  industry: '',
  employeeName: '',
  annualIncome: '',
  sourceOfIncome: 'Salary',
  currency: '',
  profile: '',
  auth: '',
};

const bearer = (session: Session) => ({ Authorization: `Bearer ${session.jwt}` });

/** Submits the personal details through the API (for journeys that are not about the form). */
export async function submitPersonalInfoViaApi(request: APIRequestContext, session: Session): Promise<void> {
  const response = await request.post('/api/verification/personal-info', {
    headers: bearer(session),
    data: COMPLETE_FORM,
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The sandbox reviewer (DESIGN.md): the provider then sends its signed applicantReviewed webhook. */
export async function sandboxReview(
  request: APIRequestContext,
  decision: {
    userId: string;
    reviewAnswer: 'GREEN' | 'RED';
    reviewRejectType?: 'RETRY' | 'FINAL';
    moderationComment?: string;
  },
): Promise<void> {
  const response = await request.post('/api/dev/kyc/review', { data: decision });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The server's own view of the client's KYC status (GET /api/getInfo). */
export async function kycStatusOf(request: APIRequestContext, session: Session): Promise<string> {
  const response = await request.get('/api/getInfo', { headers: bearer(session) });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { user: { kycVerified: string } }).user.kycVerified;
}

/**
 * The operator the e2e server creates at start from OPERATOR_EMAIL / OPERATOR_PASSWORD: read
 * from the config that started it (these values when it sets none), so the journeys follow it.
 */
export function operatorCredentials(testInfo: TestInfo): { email: string; password: string } {
  const env = testInfo.config.webServer?.env ?? {};
  return {
    email: env.OPERATOR_EMAIL ?? 'ops@e2e.qmgt.test',
    password: env.OPERATOR_PASSWORD ?? 'operator-e2e-pass-1',
  };
}

/** The operator's session, or null when it cannot sign in (the server creates it only from the env). */
export async function operatorSession(request: APIRequestContext, testInfo: TestInfo): Promise<Session | null> {
  const { email, password } = operatorCredentials(testInfo);
  const response = await request.post('/api/auth/local', { data: { identifier: email, password } });
  if (!response.ok()) return null;
  const session = (await response.json()) as Session;
  return session.user.role === 'operator' ? session : null;
}

export const operatorMissing = (testInfo: TestInfo) =>
  `no operator: signing in as ${operatorCredentials(testInfo).email} failed; the webServer env of ` +
  'e2e/playwright.config.ts must set OPERATOR_EMAIL (a valid address) and OPERATOR_PASSWORD';

/* ---- The KYC details (step 1 of /kyc-verification) ---- */

/** A text field of the form by its exact label ('Address' is also part of other controls' names). */
export const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/** The profile menu's KYC badge: a link for every state but Verified. */
export async function openProfileMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/* ---- The sandbox provider's screen (/kyc-verification) ---- */

/** Uploads the identity document and the selfie: the flow's first two steps. */
export async function uploadDocuments(page: Page, files: { document: string; selfie: string }): Promise<void> {
  await expect(page.getByRole('heading', { name: 'KYC Verification', level: 1 })).toBeVisible();
  // Choosing the file sends it (decision 024).
  await page.getByLabel('Identity document file').setInputFiles(files.document);
  // The screen moves on to the selfie by itself.
  const selfieInput = page.getByLabel('Selfie file');
  await expect(selfieInput).toBeAttached();
  await selfieInput.setInputFiles(files.selfie);
}

/** Uploads the identity document and the selfie, then sends them for review (details sent already). */
export async function uploadAndSubmit(page: Page, files: { document: string; selfie: string }): Promise<void> {
  await uploadDocuments(page, files);
  await expect(page.getByText('Identity document: uploaded')).toBeVisible();
  await expect(page.getByText('Selfie: uploaded')).toBeVisible();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(inReview(page)).toBeVisible();
}

export const inReview = (page: Page) =>
  page.getByRole('heading', { name: 'Your documents are being reviewed', level: 2 });
export const verifiedHeading = (page: Page) =>
  page.getByRole('heading', { name: 'Your identity is verified', level: 2 });

/** The docked sidebar (desktop) that only a signed-in, KYC-verified client has. */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });

/** Nothing sticks out sideways once the page has settled (the page slide-in runs 250 ms). */
export async function noHorizontalOverflow(page: Page, width: number): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: 'page is wider than the viewport',
      timeout: 3_000,
    })
    .toBeLessThanOrEqual(width);
}

/**
 * Makes the client really 'Verified' on the server through the sandbox identity provider: an
 * SDK token, a document and a selfie, submit, then the sandbox reviewer's GREEN (its signed
 * webhook lands on our own endpoint), until GET /getInfo says Verified.
 */
export async function verifyKycViaApi(request: APIRequestContext, session: Session): Promise<void> {
  const access = await request.post('/api/applicant/access-token', { headers: bearer(session), data: {} });
  expect(access.ok(), await access.text()).toBe(true);
  const { token } = (await access.json()) as { token: string };

  for (const kind of ['identity_document', 'selfie'] as const) {
    const upload = await request.post('/api/sandbox-kyc/documents', {
      headers: { 'X-Access-Token': token },
      multipart: {
        kind,
        file: { name: `${kind}.png`, mimeType: 'image/png', buffer: Buffer.from(PNG_1X1_BASE64, 'base64') },
      },
    });
    expect(upload.ok(), await upload.text()).toBe(true);
  }
  const submit = await request.post('/api/sandbox-kyc/submit', { headers: { 'X-Access-Token': token } });
  expect(submit.ok(), await submit.text()).toBe(true);

  const review = await request.post('/api/dev/kyc/review', {
    data: { userId: session.user.id, reviewAnswer: 'GREEN' },
  });
  expect(review.ok(), await review.text()).toBe(true);

  await expect
    .poll(
      async () => {
        const info = await request.get('/api/getInfo', { headers: bearer(session) });
        return ((await info.json()) as { user: { kycVerified: string } }).user.kycVerified;
      },
      { message: 'KYC status after the GREEN review', timeout: 20_000, intervals: [200, 500, 1000] },
    )
    .toBe('Verified');
}
