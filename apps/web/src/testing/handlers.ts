import type { MailboxMessage, User } from '@qmgt/contracts';
import { http, HttpResponse } from 'msw';
import { apiErrorBody } from './factories';
import { createKycHandlers, resetFakeKyc } from './kyc-api';
import { createNotificationsHandlers, resetFakeNotifications } from './notifications-api';
import { createWalletHandlers, resetFakeWallet } from './wallet-api';

/** What the fake API knows; tests change it through these helpers. */
type TestApiState = {
  /** The client GET /getInfo answers for a valid bearer token. */
  currentUser: User | null;
  upline: boolean;
  /** Wallet addresses by userHash; absent means 404, as before wallets exist. */
  walletAddresses: Record<string, string>;
  sandbox: boolean;
  mailbox: MailboxMessage[];
  /** Every request the fake API saw, for asserting calls and their order. */
  calls: {
    method: string;
    path: string;
    /** The query string, e.g. '?type=QMGT&page=2&pageSize=20' ('' without one). */
    search: string;
    body: unknown;
    authorization: string | null;
    sdkToken: string | null;
    idempotencyKey: string | null;
  }[];
};

export const testApi: TestApiState = {
  currentUser: null,
  upline: false,
  walletAddresses: {},
  sandbox: true,
  mailbox: [],
  calls: [],
};

export function resetTestApi(): void {
  testApi.currentUser = null;
  testApi.upline = false;
  testApi.walletAddresses = {};
  testApi.sandbox = true;
  testApi.mailbox = [];
  testApi.calls = [];
  resetFakeKyc();
  resetFakeWallet();
  resetFakeNotifications();
}

export const apiUrl = (path: string) => `${window.location.origin}/api${path}`;

/** A file part as the calls record it (the test environment does not carry its bytes). */
export const FILE_PART = '[file]';

/** JSON as parsed; multipart as its text fields, with files as FILE_PART; anything else as text. */
async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await request.formData();
    const fields: Record<string, string> = {};
    form.forEach((value, name) => {
      fields[name] = typeof value === 'string' ? value : FILE_PART;
    });
    return fields;
  }
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Every request the app sends is written down, whichever handler answers it. */
export async function recordCall(request: Request): Promise<void> {
  const url = new URL(request.url);
  let body: unknown;
  if (request.method !== 'GET') body = await readBody(request.clone());
  testApi.calls.push({
    method: request.method,
    path: url.pathname.replace(/^\/api/, ''),
    search: url.search,
    body,
    authorization: request.headers.get('Authorization'),
    sdkToken: request.headers.get('X-Access-Token'),
    idempotencyKey: request.headers.get('Idempotency-Key'),
  });
}

const unauthorized = () =>
  HttpResponse.json(apiErrorBody(401, 'Your session has expired', 'UnauthorizedError'), { status: 401 });

/** The calls every signed-in screen makes; a test overrides them with server.use(...). */
export const handlers = [
  // Signed-in screens ask once whether new terms await acceptance: none by default.
  http.get(apiUrl('/terms/status'), () =>
    HttpResponse.json({ current: null, acceptedVersion: null, mustAccept: false }),
  ),
  http.get(apiUrl('/health'), () => HttpResponse.json({ status: 'ok', sandbox: testApi.sandbox, version: 'test' })),
  http.get(apiUrl('/getInfo'), ({ request }) =>
    testApi.currentUser && request.headers.get('Authorization')
      ? HttpResponse.json({ user: testApi.currentUser })
      : unauthorized(),
  ),
  http.get(apiUrl('/get-upline'), () => HttpResponse.json({ upline: testApi.upline })),
  http.get(apiUrl('/getAccountAddress/:userHash'), ({ params }) => {
    const address = testApi.walletAddresses[String(params.userHash)];
    return address
      ? HttpResponse.json({ data: address })
      : HttpResponse.json(apiErrorBody(404, 'Not found', 'NotFoundError'), { status: 404 });
  }),
  http.post(apiUrl('/auth/logout'), () => new HttpResponse(null, { status: 204 })),
  http.get(apiUrl('/dev/mailbox'), ({ request }) => {
    if (!testApi.sandbox) return HttpResponse.json(apiErrorBody(404, 'Not found', 'NotFoundError'), { status: 404 });
    const to = new URL(request.url).searchParams.get('to');
    return HttpResponse.json(to ? testApi.mailbox.filter((message) => message.to === to) : testApi.mailbox);
  }),
  ...createKycHandlers({
    apiUrl,
    currentUser: () => testApi.currentUser,
    setKycStatus: (kycVerified) => {
      if (testApi.currentUser) testApi.currentUser = { ...testApi.currentUser, kycVerified };
    },
  }),
  ...createWalletHandlers({ apiUrl, currentUser: () => testApi.currentUser }),
  ...createNotificationsHandlers({ apiUrl }),
];
