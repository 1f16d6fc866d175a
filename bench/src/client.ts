import { randomUUID } from 'node:crypto';
import { apiPaths, toUnits } from '@qmgt/contracts';

/** A small HTTP client of the product's API for setting a run up (fetch: its speed does not matter here). */
export class ApiClient {
  constructor(
    readonly base: string,
    public token?: string,
  ) {}

  async call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; json: T }> {
    const isForm = body instanceof FormData;
    const response = await fetch(`${this.base}/api${path}`, {
      method,
      headers: {
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: (text ? JSON.parse(text) : undefined) as T };
  }

  async ok<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const res = await this.call<T>(method, path, body, headers);
    if (res.status < 200 || res.status >= 300)
      throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.json)}`);
    return res.json;
  }
}

export async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A real 1x1 PNG, for the sandbox KYC document and selfie. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAABJRU5ErkJggg==',
  'base64',
);

/** `run` over `items`, at most `limit` at a time, results in order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, run: (item: T, index: number) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await run(items[index]!, index);
      }
    }),
  );
  return results;
}

export interface Customer {
  api: ApiClient;
  userId: string;
  token: string;
}

/** Signs a user up, verifies the e-mail and passes the sandbox KYC, all through the public API. */
export async function verifiedCustomer(base: string, operator: ApiClient): Promise<Customer> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const email = `bench-${stamp}@example.com`;
  const password = 'bench-password-1';
  const guest = new ApiClient(base);
  const { user } = await guest.ok<{ user: { id: string } }>('POST', apiPaths.register, {
    username: `bench${stamp}`,
    email,
    password,
  });
  await guest.ok('POST', apiPaths.sendVerification, { email });
  const token = await waitFor(async () => {
    const mails = await guest.ok<{ text: string }[]>('GET', `${apiPaths.devMailbox}?to=${encodeURIComponent(email)}`);
    return mails[0] ? /Email-Verification\/([A-Za-z0-9_-]+)/.exec(mails[0].text)?.[1] : undefined;
  });
  await guest.ok('POST', apiPaths.verifyCode, { verifyCode: token });
  const customer = new ApiClient(
    base,
    (await guest.ok<{ jwt: string }>('POST', apiPaths.login, { identifier: email, password })).jwt,
  );

  const sdk = await customer.ok<{ token: string }>('POST', apiPaths.applicantAccessToken, {});
  for (const kind of ['identity_document', 'selfie']) {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', new Blob([PNG], { type: 'image/png' }), `${kind}.png`);
    await guest.ok('POST', apiPaths.sandboxKycDocuments, form, { 'x-access-token': sdk.token });
  }
  await guest.ok('POST', apiPaths.sandboxKycSubmit, undefined, { 'x-access-token': sdk.token });
  // The queue pages by key, latest change first: the new applicant is on the first page of all
  // queues once the provider's webhook has moved it to pending.
  const applicant = await waitFor(async () => {
    const applicants = await operator.ok<{ data: { id: string; userId: string }[] }>(
      'GET',
      `${apiPaths.adminKycApplicants}?queue=all`,
    );
    return applicants.data.find((a) => a.userId === user.id);
  }, 30_000).catch(() => {
    throw new Error('applicant missing from the back office');
  });
  await operator.ok('POST', apiPaths.adminKycReview(applicant.id), { reviewAnswer: 'GREEN' });
  await waitFor(async () =>
    (await customer.ok<{ user: { kycVerified: string } }>('GET', apiPaths.getInfo)).user.kycVerified === 'Verified'
      ? true
      : undefined,
  );
  return { api: customer, userId: user.id, token: customer.token! };
}

/** The faucet gives at most this much at a time. */
const FAUCET_MAX_USDT = 10_000;

/**
 * Test USDT through the sandbox faucet (real deposits on the local chain, credited by the
 * watcher), then one swap of `swapUsdt` of it into QMGT so that the customer can sell.
 * Answers the id of that swap's transaction, to wait for its settlement.
 */
export async function fundCustomer(customer: Customer, usdt: number, swapUsdt: number): Promise<string> {
  const { api } = customer;
  for (let left = usdt; left > 0; left -= FAUCET_MAX_USDT)
    await api.ok('POST', apiPaths.devFaucet, { asset: 'USDT', amount: String(Math.min(left, FAUCET_MAX_USDT)) });
  const wanted = toUnits(String(usdt), 'USDT');
  await waitFor(async () => {
    const balance = await api.ok<{ usdt: string }>('GET', apiPaths.qmgtBalance);
    return toUnits(balance.usdt, 'USDT') >= wanted ? true : undefined;
  }, 120_000);
  const quote = await api.ok<{ quoteId: string }>('POST', apiPaths.swapQuote, {
    from: 'USDT',
    to: 'QMGT',
    amount: String(swapUsdt),
  });
  const swap = await api.ok<{ transaction: { id: string } }>(
    'POST',
    apiPaths.swap,
    { quoteId: quote.quoteId },
    { 'idempotency-key': randomUUID() },
  );
  return swap.transaction.id;
}

/** Status of one of the customer's own transactions (pending until settled on chain). */
export async function transactionStatus(customer: Customer, transactionId: string): Promise<string> {
  const { transaction } = await customer.api.ok<{ transaction: { status: string } }>(
    'GET',
    apiPaths.transactionDetails(transactionId, 'QMGT'),
  );
  return transaction.status;
}
