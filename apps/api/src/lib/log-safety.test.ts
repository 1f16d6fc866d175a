import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../test/build.js';
import type { Database } from '../db/client.js';
import { logHooks, logSerializers, safeErrorSerializer } from './log-safety.js';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => drop());

const SECRET = 'alice.secret@example.com';

async function failedQuery(query: ReturnType<typeof sql>): Promise<Error> {
  try {
    await database.db.execute(query);
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
  throw new Error('the query did not fail');
}

describe('errors in the log', () => {
  it('a failed query keeps its SQLSTATE code and loses its SQL and parameters', async () => {
    const error = await failedQuery(sql`select ${SECRET}::uuid as id`);
    expect(error.message).toContain(SECRET);

    const logged = JSON.stringify(safeErrorSerializer(error));
    expect(logged).not.toContain(SECRET);
    expect(logged).not.toMatch(/select/i);
    expect(logged).toContain('Failed query (its SQL and parameters are not logged)');
    expect(logged).toContain('22P02');
  });

  it('a unique violation keeps its constraint and loses the row it quotes', async () => {
    await database.executeSql(`CREATE TEMP TABLE log_probe (email text UNIQUE)`);
    await database.executeSql(`INSERT INTO log_probe VALUES ($1)`, [SECRET]);
    const error = await failedQuery(sql`insert into log_probe values (${SECRET})`);
    const logged = JSON.stringify(safeErrorSerializer(error));
    expect(logged).not.toContain(SECRET);
    expect(logged).toContain('23505');
    expect(logged).toContain('log_probe_email_key');
  });

  it('a logger set up like the app’s writes an unhandled query error at error level without the data', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'error', serializers: logSerializers, hooks: logHooks, stream } });
    app.get('/boom', async () => database.db.execute(sql`select ${SECRET}::uuid`));
    const res = await app.inject({ method: 'GET', url: '/boom' });
    await app.close();
    expect(res.statusCode).toBe(500);
    const errors = lines.filter((l) => JSON.parse(l).level >= 50);
    expect(errors.length).toBeGreaterThan(0);
    for (const line of errors) {
      expect(line).not.toContain(SECRET);
      expect(line).not.toMatch(/select/i);
    }
  });
});
