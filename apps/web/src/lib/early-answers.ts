/**
 * GET answers a session's first screen needs, asked for by index.html's inline script while the
 * app's code is still downloading (apps/web/vite-signed-in-chunk.ts writes it). On a slow link
 * the app's own requests would start only once its code has arrived and run: a round trip and
 * more after it. Each answer serves one request of this page, and only while it is fresh.
 */
export type EarlyAnswer = {
  /** Asked for with the session's bearer token (every path but /health). */
  auth: boolean;
  response: Promise<Response>;
};

export type EarlyAnswers = {
  /** The bearer token the answers were asked for with. */
  token: string;
  /** performance.now() when they were asked for. */
  at: number;
  /** By absolute URL, as the API client builds it. */
  answers: Record<string, EarlyAnswer | undefined>;
};

/** The global the inline script fills; read nowhere else. */
export const EARLY_ANSWERS_GLOBAL = '__qmgtEarlyAnswers';

/**
 * An answer older than this is not used: the first screen asks within a second or two of the
 * page's start, and a later request (a refresh, another screen) wants the current state.
 */
export const EARLY_ANSWER_FRESH_MS = 10_000;

const early = () => (globalThis as Record<string, unknown>)[EARLY_ANSWERS_GLOBAL] as EarlyAnswers | undefined;

/**
 * The early answer for a GET of `url` made with `token` (null: without authentication), once: it
 * is taken out whether or not it is still fresh, so no later request can get it.
 */
export function takeEarlyAnswer(
  url: string,
  token: string | null,
  now: number = performance.now(),
): Promise<Response> | undefined {
  const answers = early();
  const answer = answers?.answers[url];
  if (!answers || !answer) return undefined;
  answers.answers[url] = undefined;
  if (now - answers.at > EARLY_ANSWER_FRESH_MS) return undefined;
  // Asked for as another user (a session replaced since) or with a different authentication.
  if (answer.auth ? token !== answers.token : token !== null) return undefined;
  return answer.response;
}
