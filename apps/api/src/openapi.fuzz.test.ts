/**
 * The OpenAPI document as a contract, checked from the outside: for every operation it lists,
 * requests generated from its own schemas (and mutations of them) are sent signed out, as a
 * verified customer and as an operator. No answer may be a 5xx, carry a status the operation
 * does not document, or have a body that does not match the documented schema; a request the
 * document calls valid is never refused as malformed (400), one it calls invalid is never
 * accepted, and an operation that needs a session answers a signed-out caller 401 whatever
 * the body. Schemathesis checks the same from Python in `npm test` when it is available.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { SessionResponse } from '@qmgt/contracts';
import { build } from './test/build.js';
import { post, signedInUser } from './test/factories.js';
import {
  createJudge,
  operationsOf,
  requestFor,
  type Credentials,
  type DocumentedOperation,
  type OpenApiDocument,
} from './test/openapi-requests.js';
import { PENDING_ELSEWHERE } from './test/pending-elsewhere.js';

const RUNS = Number(process.env.OPENAPI_FUZZ_RUNS ?? 15);
const OPERATOR = { email: 'fuzz-ops@qmgt.test', password: 'operator-secret-1' };

const t = await build({ operator: OPERATOR }, { chain: true });
afterAll(async () => t.close());

const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
const judge = createJudge(doc);
const customer = await signedInUser(t.app);
const makeVerified = () =>
  t.database.executeSql(`UPDATE users SET kyc_status = 'Verified' WHERE id = '${customer.user.id}'`);
await makeVerified();
const sdk = await post(t.app, '/applicant/access-token', {}, customer.token);
const operator = (
  await post(t.app, '/auth/local', { identifier: OPERATOR.email, password: OPERATOR.password })
).json<SessionResponse>();

const identities: { name: string; credentials: Credentials }[] = [
  { name: 'signed out', credentials: {} },
  {
    name: 'verified customer',
    credentials: { bearer: customer.token, sandboxSdkToken: sdk.json<{ token: string }>().token },
  },
  { name: 'operator', credentials: { bearer: operator.jwt } },
];

/** The operation ends the caller's own session: run it signed out only. */
const endsTheSession = (op: DocumentedOperation) => op.method === 'POST' && op.path === '/api/auth/logout';

/** Every requirement names a scheme: no anonymous way in. */
const needsCredentials = (op: DocumentedOperation) =>
  (op.operation.security ?? []).length > 0 &&
  (op.operation.security ?? []).every((requirement) => Object.keys(requirement).length > 0);

beforeEach(async () => {
  // An upload to the sandbox provider may move the customer to Pending; keep the money routes reachable.
  await makeVerified();
});

describe.each(identities)('the OpenAPI document holds $name', ({ name, credentials }) => {
  const operations = operationsOf(doc).filter((op) => name === 'signed out' || !endsTheSession(op));

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s',
    async (_label, op) => {
      await fc.assert(
        fc.asyncProperty(requestFor(op, doc, judge, credentials), async (generated) => {
          const request = await generated;
          const res = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: request.headers,
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          const context = `${name}: ${request.describe} -> ${res.statusCode} ${res.body.slice(0, 300)} [${
            request.valid ? 'valid' : `invalid: ${request.why}`
          }]`;

          const known = PENDING_ELSEWHERE[`${op.method} ${op.path}`];
          if (!known?.serverError) expect(res.statusCode, `server error: ${context}`).toBeLessThan(500);
          const documented = op.operation.responses[String(res.statusCode)];
          if (!known?.undocumented?.includes(res.statusCode))
            expect(documented, `undocumented status: ${context}`).toBeDefined();
          const schema = documented?.content?.['application/json']?.schema;
          if (schema) {
            const verdict = judge.valid(schema, res.json());
            expect(verdict.ok, `body off its schema (${verdict.errors}): ${context}`).toBe(true);
          }
          if (res.statusCode >= 400) expect(res.json().error.status, context).toBe(res.statusCode);

          // A path that routes nowhere (an empty or over-long segment) is refused before any route's guard.
          // Only a JSON answer has a message (a 200 may be a file: the statement PDF).
          const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
          const message = isJson ? String((res.json() as { error?: { message?: string } } | null)?.error?.message) : '';
          const unrouted =
            (res.statusCode === 404 && message.startsWith('No route')) ||
            (res.statusCode === 400 && message.startsWith('The address'));
          if (name === 'signed out' && needsCredentials(op)) {
            if (!known?.authAfterBody && !unrouted)
              expect(res.statusCode, `authentication after the body: ${context}`).toBe(401);
          } else if (request.valid) {
            if (!known?.validRefused)
              expect([400, 413, 415], `a valid request refused as malformed: ${context}`).not.toContain(res.statusCode);
          } else {
            const accepted = res.statusCode >= 200 && res.statusCode < 300;
            expect(accepted, `an invalid request accepted: ${context}`).toBe(false);
          }
        }),
        { numRuns: RUNS },
      );
    },
    120_000,
  );
});
