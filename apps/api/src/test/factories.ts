import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { MailboxMessage, RegisterResponse, SessionResponse } from '@qmgt/contracts';

export const DEFAULT_PASSWORD = 'correct-horse-9';

export function newAccountInput(
  overrides: Partial<{ username: string; email: string; password: string; ref: string }> = {},
) {
  const suffix = randomBytes(4).toString('hex');
  return { username: `user_${suffix}`, email: `user_${suffix}@example.com`, password: DEFAULT_PASSWORD, ...overrides };
}

export async function post(app: FastifyInstance, url: string, payload: unknown, token?: string) {
  return app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: payload as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

export async function get(app: FastifyInstance, url: string, token?: string) {
  return app.inject({ method: 'GET', url: `/api${url}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** Waits until the dev mailbox holds more than `after` messages for the address; returns the newest. */
export async function waitForMail(
  app: FastifyInstance,
  to: string,
  after = 0,
  timeoutMs = 10_000,
): Promise<MailboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await get(app, `/dev/mailbox?to=${encodeURIComponent(to)}`);
    const messages = res.json<MailboxMessage[]>();
    if (messages.length > after && messages[0]) return messages[0];
    if (Date.now() > deadline) throw new Error(`no mail for ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function mailCount(app: FastifyInstance, to: string): Promise<number> {
  return (await get(app, `/dev/mailbox?to=${encodeURIComponent(to)}`)).json<MailboxMessage[]>().length;
}

export function linkToken(mail: MailboxMessage, route: 'Email-Verification' | 'Change-Password'): string {
  const match = new RegExp(`https?://[^\\s/]+/${route}/([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${route} link in mail: ${mail.text}`);
  return match[1];
}

export async function registerUser(app: FastifyInstance, overrides: Parameters<typeof newAccountInput>[0] = {}) {
  const input = newAccountInput(overrides);
  const res = await post(app, '/auth/local/register', input);
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { input, user: res.json<RegisterResponse>().user };
}

/** Registers, verifies through the mailed link and signs in: a ready customer. */
export async function signedInUser(app: FastifyInstance, overrides: Parameters<typeof newAccountInput>[0] = {}) {
  const { input } = await registerUser(app, overrides);
  const before = await mailCount(app, input.email);
  await post(app, '/link-verification/registration', { email: input.email });
  const mail = await waitForMail(app, input.email, before);
  const verify = await post(app, '/link-verification/code-register', {
    verifyCode: linkToken(mail, 'Email-Verification'),
  });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  const login = await post(app, '/auth/local', { identifier: input.email, password: input.password });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const session = login.json<SessionResponse>();
  return { input, user: session.user, token: session.jwt };
}
