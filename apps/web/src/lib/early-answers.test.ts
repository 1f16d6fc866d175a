import { okSchema } from '@qmgt/contracts';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSession } from '@/testing/factories';
import { apiUrl } from '@/testing/handlers';
import { server } from '@/testing/server';
import { apiRequest } from './api-client';
import {
  EARLY_ANSWER_FRESH_MS,
  EARLY_ANSWERS_GLOBAL,
  takeEarlyAnswer,
  type EarlyAnswer,
  type EarlyAnswers,
} from './early-answers';
import { useSessionStore } from './session-store';

const global = globalThis as Record<string, unknown>;
const answer = (body: Record<string, unknown>, auth = true): EarlyAnswer => ({
  auth,
  response: Promise.resolve(HttpResponse.json(body) as Response),
});
const leave = (token: string, answers: EarlyAnswers['answers'], at = performance.now()) => {
  global[EARLY_ANSWERS_GLOBAL] = { token, at, answers } satisfies EarlyAnswers;
};

describe('early answers (asked for by index.html before the app ran)', () => {
  afterEach(() => {
    delete global[EARLY_ANSWERS_GLOBAL];
    useSessionStore.getState().logout();
  });

  it('serves one request each: a second ask finds nothing', async () => {
    leave('jwt-1', { 'http://x/api/getInfo': answer({ ok: true }) });
    const first = takeEarlyAnswer('http://x/api/getInfo', 'jwt-1');
    expect(await (await first!).json()).toEqual({ ok: true });
    expect(takeEarlyAnswer('http://x/api/getInfo', 'jwt-1')).toBeUndefined();
  });

  it('is not used once older than its freshness, nor kept for later', () => {
    leave('jwt-1', { 'http://x/api/getInfo': answer({}) }, 0);
    expect(takeEarlyAnswer('http://x/api/getInfo', 'jwt-1', EARLY_ANSWER_FRESH_MS + 1)).toBeUndefined();
    expect(takeEarlyAnswer('http://x/api/getInfo', 'jwt-1', 0)).toBeUndefined();
  });

  it('is not used for another token, nor an unauthenticated one for an authenticated request', () => {
    leave('jwt-1', { 'http://x/a': answer({}), 'http://x/b': answer({}), 'http://x/health': answer({}, false) });
    expect(takeEarlyAnswer('http://x/a', 'jwt-2')).toBeUndefined();
    expect(takeEarlyAnswer('http://x/b', null)).toBeUndefined();
    expect(takeEarlyAnswer('http://x/health', 'jwt-1')).toBeUndefined();
    leave('jwt-1', { 'http://x/health': answer({}, false) });
    expect(takeEarlyAnswer('http://x/health', null)).toBeDefined();
  });

  it("is what apiRequest reads for the session's GET, without asking the server again", async () => {
    const session = buildSession();
    useSessionStore.getState().saveInfo(session);
    let served = 0;
    server.use(
      http.get(apiUrl('/ping'), () => {
        served += 1;
        return HttpResponse.json({ ok: true });
      }),
    );
    const url = new URL(apiUrl('/ping'), window.location.origin).toString();
    leave(session.jwt, { [url]: answer({ ok: true }) });

    await expect(apiRequest('/ping', { schema: okSchema })).resolves.toEqual({ ok: true });
    expect(served).toBe(0);
    // Taken: the next request is the app's own.
    await expect(apiRequest('/ping', { schema: okSchema })).resolves.toEqual({ ok: true });
    expect(served).toBe(1);
  });

  it('reports an early answer that failed as the request failing', async () => {
    const session = buildSession();
    useSessionStore.getState().saveInfo(session);
    const url = new URL(apiUrl('/ping'), window.location.origin).toString();
    const failed = Promise.reject(new TypeError('network down'));
    failed.catch(() => undefined);
    leave(session.jwt, { [url]: { auth: true, response: failed } });
    await expect(apiRequest('/ping', { schema: okSchema })).rejects.toMatchObject({ status: 0 });
  });
});
