import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { AdminApplicant } from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { get, post } from '../../test/factories.js';
import { DEFAULT_OPERATOR } from '../../test/operator.js';

/*
 * The operator's identity-review queue: what needs action (pending) by default, other queues
 * on request, a page by key, and the same handful of statements for any page size: the page's
 * documents, files, decisions and people are read once for the page, never per applicant.
 */

type Page = { data: AdminApplicant[]; nextCursor: string | null };

let t: TestApp;
let operatorToken: string;
const log: string[] = [];
beforeAll(async () => {
  t = await build({ operator: DEFAULT_OPERATOR }, { onQuery: (sql) => log.push(sql) });
  operatorToken = (
    await post(t.app, '/auth/local', { identifier: DEFAULT_OPERATOR.email, password: DEFAULT_OPERATOR.password })
  ).json().jwt;
}, 120_000);
afterAll(async () => t.close());

/** Applicants straight into the tables (the sandbox flow has its own tests): each with two documents and a decision. */
async function applicants(count: number, review: { status: string; answer?: string }) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const tag = randomUUID().slice(0, 12);
    const user = await t.database.executeSql(
      `INSERT INTO users (username, email, password_hash, ref_code, user_hash, confirmed)
       VALUES ($1, $2, 'x', upper($3), $4, true) RETURNING id`,
      [`applicant_${tag}`, `applicant_${tag}@example.com`, tag, randomUUID().replaceAll('-', '')],
    );
    const userId = (user.rows[0] as { id: string }).id;
    ids.push(userId);
    await t.database.executeSql(
      `INSERT INTO kyc_applicants (user_id, provider, provider_applicant_id, level_name, review_status, review_answer)
       VALUES ($1, 'sandbox', $2, 'basic', $3, $4)`,
      [userId, `sbx_${tag}`, review.status, review.answer ?? null],
    );
    await t.database.executeSql(
      `INSERT INTO sandbox_kyc_applicants (id, external_user_id, level_name, review_status) VALUES ($1, $2, 'basic', $3)`,
      [`sbx_${tag}`, userId, review.status],
    );
    for (const kind of ['identity_document', 'selfie']) {
      const file = await t.database.executeSql(
        `INSERT INTO files (owner_user_id, kind, content_type, size, storage_key) VALUES ($1, $2, 'image/png', 1234, $3) RETURNING id`,
        [userId, kind, `key-${randomUUID()}`],
      );
      await t.database.executeSql(
        `INSERT INTO sandbox_kyc_documents (applicant_id, file_id, kind) VALUES ($1, $2, $3)`,
        [`sbx_${tag}`, (file.rows[0] as { id: string }).id, kind],
      );
    }
    await t.database.executeSql(
      `INSERT INTO audit_log (subject_id, action, detail) VALUES ($1, 'kyc.status_changed', 'Not Verified -> Pending')`,
      [userId],
    );
  }
  return ids;
}

async function statementsFor(url: string) {
  const from = log.length;
  const res = await get(t.app, url, operatorToken);
  expect(res.statusCode, res.body).toBe(200);
  return { page: res.json<Page>(), statements: log.slice(from) };
}

describe('GET /admin/kyc/applicants', () => {
  it('lists what needs action by default, other queues on request, each applicant with its details', async () => {
    const pending = await applicants(25, { status: 'pending' });
    const verified = await applicants(3, { status: 'completed', answer: 'GREEN' });
    const rejected = await applicants(2, { status: 'completed', answer: 'RED' });

    const first = (await get(t.app, '/admin/kyc/applicants?pageSize=100', operatorToken)).json<Page>();
    expect(first.data.map((a) => a.userId).sort()).toEqual([...pending].sort());
    expect(first.nextCursor).toBeNull();
    const one = first.data[0]!;
    expect(one.documents.map((d) => d.kind).sort()).toEqual(['identity_document', 'selfie']);
    expect(one.documents[0]).toMatchObject({ contentType: 'image/png', size: 1234 });
    expect(one.decisions).toEqual([expect.objectContaining({ action: 'kyc.status_changed' })]);
    expect(one.username).toMatch(/^applicant_/);

    const ofQueue = async (queue: string) =>
      (await get(t.app, `/admin/kyc/applicants?queue=${queue}`, operatorToken)).json<Page>().data.map((a) => a.userId);
    expect((await ofQueue('verified')).sort()).toEqual([...verified].sort());
    expect((await ofQueue('rejected')).sort()).toEqual([...rejected].sort());
    expect(await ofQueue('not-submitted')).toEqual([]);
    expect((await get(t.app, '/admin/kyc/applicants?queue=everyone', operatorToken)).statusCode).toBe(400);
    expect((await get(t.app, '/admin/kyc/applicants?cursor=xyz', operatorToken)).statusCode).toBe(400);
  });

  it('costs the same few statements per page whatever the page size, and pages by key', async () => {
    // Warm the operator's session so its check is not counted against the page.
    await statementsFor('/admin/kyc/applicants?pageSize=1');
    const small = await statementsFor('/admin/kyc/applicants?pageSize=2');
    const large = await statementsFor('/admin/kyc/applicants?pageSize=25');
    expect(small.page.data).toHaveLength(2);
    expect(large.page.data).toHaveLength(25);
    // The page, its documents, their files, its decisions, its people.
    expect(large.statements.length).toBeLessThanOrEqual(5);
    expect(large.statements.length).toBe(small.statements.length);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { page, statements } = await statementsFor(
        `/admin/kyc/applicants?pageSize=7${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(statements.length).toBeLessThanOrEqual(5);
      seen.push(...page.data.map((a) => a.id));
      cursor = page.nextCursor;
    } while (cursor && ++pages < 10);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
  });
});
