import type { Config } from '../config.js';
import { build, type BuildOptions, type TestApp } from './build.js';
import { post } from './factories.js';

/** The back-office account tests start the app with (`build({ operator: DEFAULT_OPERATOR })`). */
export const DEFAULT_OPERATOR = { email: 'ops@example.com', password: 'operator-password-1' };

/** Signs an operator in: the session's token and the operator's user id. */
export async function operatorSession(t: TestApp, operator: { email: string; password: string } = DEFAULT_OPERATOR) {
  const login = await post(t.app, '/auth/local', { identifier: operator.email, password: operator.password });
  if (login.statusCode !== 200) throw new Error(`operator login failed: ${login.statusCode} ${login.body}`);
  const session = login.json<{ jwt: string; user: { id: string } }>();
  return { token: session.jwt, userId: session.user.id };
}

/** `build()` with the default operator, signed in: the app, the operator's token and id. */
export async function buildWithOperator(extra: BuildOptions = {}, overrides: Partial<Config> = {}) {
  const t = await build({ operator: DEFAULT_OPERATOR, ...overrides }, extra);
  const { token, userId } = await operatorSession(t);
  return { t, operatorToken: token, operatorId: userId };
}
