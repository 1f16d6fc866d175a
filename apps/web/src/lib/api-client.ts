import { apiErrorSchema } from '@qmgt/contracts';
import type { z } from 'zod';
import { env } from '@/config/env';
import { useSessionStore } from './session-store';

/**
 * A failed call. `message` is the server's `error.message`, or '' when the server gave none
 * (network failure, proxy page): callers then show their own fallback text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly errorName: string = '',
    readonly details: Record<string, unknown> = {},
    /** True when a bearer token was sent and refused: the session has ended on the server. */
    readonly sessionEnded = false,
  ) {
    super(message);
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** The text a toast shows for a failure (SPEC.md section 8: error message, fallback 'Failed'). */
export function errorMessage(error: unknown, fallback = 'Failed'): string {
  if (error instanceof ApiError) return error.message || fallback;
  return fallback;
}

type UnauthorizedListener = (error: ApiError) => void;
let onSessionEnded: UnauthorizedListener | null = null;

/** The app layer decides what a refused token means (reset the session, go to /signin). */
export function setSessionEndedHandler(listener: UnauthorizedListener | null): void {
  onSessionEnded = listener;
}

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Validates the answer; the wire shape lives in @qmgt/contracts. */
  schema?: z.ZodType<T>;
  query?: Record<string, string | undefined>;
  signal?: AbortSignal;
  /** Send the stored access token. Default true; the sign-in calls have none to send. */
  auth?: boolean;
  /** Tell the session-ended handler about a refused token. Default true. */
  reportSessionEnd?: boolean;
};

function buildUrl(path: string, query?: Record<string, string | undefined>): string {
  // Absolute so the same code runs in the browser and under Node's fetch in tests.
  const url = new URL(`${env.apiBase}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, value);
  }
  return url.toString();
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * One call to the product API. Success is any 2xx (SPEC.md section 7); there is deliberately
 * no timeout. Failures throw ApiError with the `{ error: { status, name, message, details } }`
 * body of DESIGN.md section 4.
 */
export async function apiRequest<T = void>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, query, signal, auth = true, reportSessionEnd = true } = options;
  const token = auth ? useSessionStore.getState().accessToken : null;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, '');
  }

  const payload = await readJson(response);

  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(payload);
    const sessionEnded = response.status === 401 && Boolean(token);
    const error = parsed.success
      ? new ApiError(
          response.status,
          parsed.data.error.message,
          parsed.data.error.name,
          parsed.data.error.details,
          sessionEnded,
        )
      : new ApiError(response.status, '', '', {}, sessionEnded);
    if (sessionEnded && reportSessionEnd) onSessionEnded?.(error);
    throw error;
  }

  if (!schema) return undefined as T;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, 'Unexpected answer from the server');
  return parsed.data;
}
