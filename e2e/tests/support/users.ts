import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Helpers that set up accounts through the real API (register, verification mail, verify,
 * sign in) for journeys that are not about sign-up, and a few shared UI steps.
 */

export type Credentials = { username: string; email: string; password: string };

export type SessionUser = {
  id: string;
  username: string;
  email: string;
  userHash: string;
  refCode: string;
  kycVerified: 'Not Verified' | 'Pending' | 'Rejected' | 'Verified';
  confirmed: boolean;
  role: string;
  createdAt: string;
};

export type Session = { jwt: string; user: SessionUser };

export type MailboxMessage = { id: string; to: string; subject: string; text: string; html: string; createdAt: string };

export const VERIFY_SUBJECT = 'Verify your e-mail address';
export const RESET_SUBJECT = 'Reset your password';

/** Unique per call, across workers and repeated runs against the same server. */
export function uniqueCredentials(prefix = 'saver'): Credentials {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const username = `${prefix}_${tag}`.slice(0, 30);
  return { username, email: `${username}@example.test`.toLowerCase(), password: `Gold-${tag}-pass` };
}

/** Polls the dev mailbox until a message with `subject` reached `email` (mail goes out from a job). */
export async function waitForMail(
  request: APIRequestContext,
  email: string,
  subject: string,
  count = 1,
): Promise<MailboxMessage> {
  let found: MailboxMessage[] = [];
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/mailbox', { params: { to: email } });
        expect(response.ok()).toBe(true);
        const messages = (await response.json()) as MailboxMessage[];
        found = messages.filter((m) => m.subject === subject);
        return found.length;
      },
      { message: `mail "${subject}" to ${email}`, timeout: 20_000, intervals: [100, 250, 500] },
    )
    .toBeGreaterThanOrEqual(count);
  // Newest first.
  return found[0]!;
}

/** The first link in a mail's text that points at `pathPrefix` (e.g. '/Email-Verification/'). */
export function linkIn(message: MailboxMessage, pathPrefix: string): string {
  const link = message.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in mail "${message.subject}": ${message.text}`);
  return link;
}

export function tokenOf(link: string): string {
  return decodeURIComponent(new URL(link).pathname.split('/').pop() ?? '');
}

/** What sign-up answers: a receipt, the same whether or not the address was free. */
export type Registration = { id: string; username: string; email: string; confirmed: false };

/** Registers through the API (optionally with a referral code); the account is unconfirmed. */
export async function registerViaApi(
  request: APIRequestContext,
  credentials: Credentials,
  ref?: string,
): Promise<Registration> {
  const response = await request.post('/api/auth/local/register', {
    data: { ...credentials, ...(ref ? { ref } : {}) },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { user: Registration }).user;
}

/** Sends the verification mail, reads it from the dev mailbox and spends its token. */
export async function verifyEmailViaApi(request: APIRequestContext, email: string): Promise<void> {
  const send = await request.post('/api/link-verification/registration', { data: { email } });
  expect(send.ok(), await send.text()).toBe(true);
  const mail = await waitForMail(request, email, VERIFY_SUBJECT);
  const verify = await request.post('/api/link-verification/code-register', {
    data: { verifyCode: tokenOf(linkIn(mail, '/Email-Verification/')) },
  });
  expect(verify.ok(), await verify.text()).toBe(true);
}

export async function signInViaApi(request: APIRequestContext, identifier: string, password: string): Promise<Session> {
  const response = await request.post('/api/auth/local', { data: { identifier, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Session;
}

/** A confirmed account, ready to sign in. */
export async function createVerifiedUser(request: APIRequestContext, options: { prefix?: string; ref?: string } = {}) {
  const credentials = uniqueCredentials(options.prefix);
  await registerViaApi(request, credentials, options.ref);
  await verifyEmailViaApi(request, credentials.email);
  // Sign-up tells nothing about the account (docs/decisions/002); the full user comes with sign-in.
  const { user } = await signInViaApi(request, credentials.email, credentials.password);
  return { credentials, user };
}

/** Signs in through the real form on /signin and waits for the signed-in swap screen. */
export async function signInViaUi(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
  await page.getByLabel('E-mail or username').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Swap', level: 1 })).toBeVisible();
}

/** The bearer token the client persisted (zustand, localStorage 'qmgt-session'). */
export async function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('qmgt-session');
    if (!raw) return null;
    return ((JSON.parse(raw) as { state?: { accessToken?: string | null } }).state?.accessToken ?? null) || null;
  });
}

/** The API's verdict on a token: 200 while the session lives, 401 once it ended. */
export async function getInfoStatus(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/getInfo', { headers: { Authorization: `Bearer ${token}` } });
  return response.status();
}

/**
 * Puts a session into the client's persisted store (zustand, localStorage 'qmgt-session')
 * before the app loads, once per tab: later reloads keep whatever the app stored since.
 * The store merges the persisted state over its defaults, so the session fields suffice.
 */
export async function seedSession(page: Page, session: Session): Promise<void> {
  await page.addInitScript(
    (persisted) => {
      if (sessionStorage.getItem('e2e-session-seeded')) return;
      sessionStorage.setItem('e2e-session-seeded', '1');
      localStorage.setItem('qmgt-session', persisted);
    },
    JSON.stringify({ state: { info: session.user, accessToken: session.jwt, isAuthenticated: true }, version: 0 }),
  );
}

/**
 * TEST DOUBLE of the later KYC issue's outcome: there is no way yet to become 'Verified', so
 * GET /api/getInfo goes to the real API (real token check) and only its kycVerified is
 * rewritten to 'Verified'. Every other call stays real.
 */
export async function pretendKycVerified(page: Page): Promise<void> {
  await page.route('**/api/getInfo', async (route) => {
    const response = await route.fetch();
    if (!response.ok()) {
      await route.fulfill({ response });
      return;
    }
    const body = (await response.json()) as { user: SessionUser };
    await route.fulfill({ response, json: { user: { ...body.user, kycVerified: 'Verified' } } });
  });
}
