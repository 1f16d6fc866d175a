/** A small HTTP client of the product's API, as the benchmark's user and operator. */
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

/** Signs a user up, verifies the e-mail and passes the sandbox KYC, all through the public API. */
export async function verifiedCustomer(base: string, operator: ApiClient): Promise<ApiClient> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const email = `bench-${stamp}@example.com`;
  const password = 'bench-password-1';
  const guest = new ApiClient(base);
  const { user } = await guest.ok<{ user: { id: string } }>('POST', '/auth/local/register', {
    username: `bench${stamp}`,
    email,
    password,
  });
  await guest.ok('POST', '/link-verification/registration', { email });
  const token = await waitFor(async () => {
    const mails = await guest.ok<{ text: string }[]>('GET', `/dev/mailbox?to=${encodeURIComponent(email)}`);
    return mails[0] ? /Email-Verification\/([A-Za-z0-9_-]+)/.exec(mails[0].text)?.[1] : undefined;
  });
  await guest.ok('POST', '/link-verification/code-register', { verifyCode: token });
  const customer = new ApiClient(
    base,
    (await guest.ok<{ jwt: string }>('POST', '/auth/local', { identifier: email, password })).jwt,
  );

  const sdk = await customer.ok<{ token: string }>('POST', '/applicant/access-token', {});
  for (const kind of ['identity_document', 'selfie']) {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', new Blob([PNG], { type: 'image/png' }), `${kind}.png`);
    await guest.ok('POST', '/sandbox-kyc/documents', form, { 'x-access-token': sdk.token });
  }
  await guest.ok('POST', '/sandbox-kyc/submit', undefined, { 'x-access-token': sdk.token });
  const applicants = await operator.ok<{ data: { id: string; userId: string }[] }>('GET', '/admin/kyc/applicants');
  const applicant = applicants.data.find((a) => a.userId === user.id);
  if (!applicant) throw new Error('applicant missing from the back office');
  await operator.ok('POST', `/admin/kyc/applicants/${applicant.id}/review`, { reviewAnswer: 'GREEN' });
  await waitFor(async () =>
    (await customer.ok<{ user: { kycVerified: string } }>('GET', '/getInfo')).user.kycVerified === 'Verified'
      ? true
      : undefined,
  );
  return customer;
}
