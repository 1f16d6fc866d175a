import type { z } from 'zod';
import { env } from '@/config/env';
import { takeEarlyAnswer } from './early-answers';
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

/**
 * The form field a refusal names, with its message: the server's own `field` (a business rule),
 * else the first schema issue's path (its last segment: `agreement.title` is the title field).
 * Null when the refusal names no field (the form shows it as a whole).
 */
export function refusedField(failure: unknown): { field: string; message: string } | null {
  if (!(failure instanceof ApiError)) return null;
  if (typeof failure.details.field === 'string') return { field: failure.details.field, message: failure.message };
  const issue = (failure.details.issues as { path?: string; message: string }[] | undefined)?.[0];
  return issue?.path ? { field: issue.path.split('.').at(-1)!, message: issue.message } : null;
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

/**
 * A schema, or a function that loads one: a screen whose first paint must not wait for zod
 * (the sign-in form, issue 14) passes `() => import(...)`, and the schema arrives with the answer.
 */
export type SchemaSource<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded, except a FormData, which goes as multipart/form-data. */
  body?: unknown;
  /** Extra headers, e.g. the identity provider's own `X-Access-Token`. */
  headers?: Record<string, string>;
  /** Validates the answer; the wire shape lives in @qmgt/contracts. */
  schema?: SchemaSource<T>;
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

/** The absolute URL of an API path (for a stream the caller reads itself). */
export const apiUrl = (path: string): string => buildUrl(path);

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function requestHeaders(token: string | null, extra: Record<string, string> | undefined, json: boolean) {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  if (json) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** The error body's schema, with zod: fetched by the first failed answer, not by the first screen. */
const loadApiErrorSchema = () => import('./api-error-schema').then((m) => m.apiErrorSchema);

/** The ApiError for a non-2xx answer; a refused bearer token is reported once, here. */
async function failure(
  status: number,
  payload: unknown,
  token: string | null,
  reportSessionEnd: boolean,
): Promise<ApiError> {
  // If the schema cannot be fetched (offline), the failure is reported without the server's words.
  const schema = await loadApiErrorSchema().catch(() => undefined);
  const parsed = schema?.safeParse(payload) ?? { success: false as const };
  const sessionEnded = status === 401 && Boolean(token);
  const error = parsed.success
    ? new ApiError(status, parsed.data.error.message, parsed.data.error.name, parsed.data.error.details, sessionEnded)
    : new ApiError(status, '', '', {}, sessionEnded);
  if (sessionEnded && reportSessionEnd) onSessionEnded?.(error);
  return error;
}

async function parseAnswer<T>(status: number, payload: unknown, source: SchemaSource<T> | undefined): Promise<T> {
  if (!source) return undefined as T;
  let schema: z.ZodType<T>;
  try {
    schema = typeof source === 'function' ? await source() : source;
  } catch {
    // The schema's chunk could not be fetched: as unreachable as a failed request.
    throw new ApiError(0, '');
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(status, 'Unexpected answer from the server');
  return parsed.data;
}

/**
 * One call to the product API. Success is any 2xx (SPEC.md section 7); there is deliberately
 * no timeout. Failures throw ApiError with the `{ error: { status, name, message, details } }`
 * body of DESIGN.md section 4.
 */
export async function apiRequest<T = void>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, query, signal, auth = true, reportSessionEnd = true } = options;
  const token = auth ? useSessionStore.getState().accessToken : null;
  const isForm = body instanceof FormData;
  const headers = requestHeaders(token, options.headers, body !== undefined && !isForm);

  const url = buildUrl(path, query);
  let response: Response;
  try {
    // A GET the first screen of a session needs may already be on its way (lib/early-answers.ts).
    const early = method === 'GET' && !options.headers ? takeEarlyAnswer(url, token) : undefined;
    response = await (early ??
      fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal,
      }));
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, '');
  }

  const payload = await readJson(response);
  if (!response.ok) throw await failure(response.status, payload, token, reportSessionEnd);
  return parseAnswer(response.status, payload, schema);
}

export type UploadProgress = { loaded: number; total: number };

type UploadOptions<T> = Omit<RequestOptions<T>, 'method' | 'body' | 'query'> & {
  /** Called as the browser sends the body: the only way to show real upload progress. */
  onProgress?: (progress: UploadProgress) => void;
};

/**
 * A multipart POST with upload progress. fetch cannot report how much of a body has been
 * sent, XMLHttpRequest can; errors and answers are read exactly as apiRequest reads them.
 */
export function apiUpload<T = void>(path: string, form: FormData, options: UploadOptions<T> = {}): Promise<T> {
  const { schema, signal, auth = true, reportSessionEnd = true, onProgress } = options;
  const token = auth ? useSessionStore.getState().accessToken : null;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    for (const [name, value] of Object.entries(requestHeaders(token, options.headers, false))) {
      xhr.setRequestHeader(name, value);
    }
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      });
    }
    xhr.addEventListener('load', () => {
      let payload: unknown;
      try {
        payload = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        payload = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        void failure(xhr.status, payload, token, reportSessionEnd).then(reject);
        return;
      }
      parseAnswer(xhr.status, payload, schema).then(resolve, (error: unknown) =>
        reject(error instanceof Error ? error : new ApiError(xhr.status, '')),
      );
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, '')));
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** A downloaded file: its bytes and the name the server suggests (Content-Disposition). */
export type DownloadedFile = { blob: Blob; filename: string | null };

function filenameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? null;
}

/** A GET whose answer is a file (bearer header included), e.g. an identity document for an operator. */
export async function apiDownload(path: string, options: Pick<RequestOptions<never>, 'signal' | 'auth'> = {}) {
  const { signal, auth = true } = options;
  const token = auth ? useSessionStore.getState().accessToken : null;
  let response: Response;
  try {
    response = await fetch(buildUrl(path), { headers: requestHeaders(token, { Accept: '*/*' }, false), signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, '');
  }
  if (!response.ok) throw await failure(response.status, await readJson(response), token, true);
  const file: DownloadedFile = {
    blob: await response.blob(),
    filename: filenameFrom(response.headers.get('Content-Disposition')),
  };
  return file;
}
