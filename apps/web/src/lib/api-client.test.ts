import { okSchema } from '@qmgt/contracts';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, buildSession } from '@/testing/factories';
import { apiUrl } from '@/testing/handlers';
import { server } from '@/testing/server';
import { ApiError, apiDownload, apiRequest, apiUpload, errorMessage, setSessionEndedHandler } from './api-client';
import { useSessionStore } from './session-store';

describe('api client', () => {
  afterEach(() => {
    setSessionEndedHandler(null);
    useSessionStore.getState().logout();
  });

  it('sends the stored token as a bearer header and parses the answer', async () => {
    useSessionStore.getState().saveInfo(buildSession());
    let authorization: string | null = null;
    server.use(
      http.post(apiUrl('/ping'), ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ ok: true }, { status: 201 });
      }),
    );
    await expect(apiRequest('/ping', { method: 'POST', body: {}, schema: okSchema })).resolves.toEqual({ ok: true });
    expect(authorization).toBe(`Bearer ${useSessionStore.getState().accessToken}`);
  });

  it('accepts an empty 204', async () => {
    server.use(http.post(apiUrl('/ping'), () => new HttpResponse(null, { status: 204 })));
    await expect(apiRequest('/ping', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('turns the error body into an ApiError with status, name, message and details', async () => {
    server.use(
      http.get(apiUrl('/ping'), () =>
        HttpResponse.json(
          { error: { status: 422, name: 'UnprocessableError', message: 'Quote expired', details: { quoteId: 'q1' } } },
          { status: 422 },
        ),
      ),
    );
    const error = await apiRequest('/ping').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      errorName: 'UnprocessableError',
      message: 'Quote expired',
      details: { quoteId: 'q1' },
    });
  });

  it("falls back to 'Failed' when the server gives no message", async () => {
    server.use(http.get(apiUrl('/ping'), () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    const error = await apiRequest('/ping').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, message: '' });
    expect(errorMessage(error)).toBe('Failed');
    expect(errorMessage(error, 'Registration failed. Please try again.')).toBe(
      'Registration failed. Please try again.',
    );
  });

  it('reports a refused token to the session-ended handler, but not a refused sign-in', async () => {
    const onSessionEnded = vi.fn();
    setSessionEndedHandler(onSessionEnded);
    server.use(
      http.get(apiUrl('/ping'), () =>
        HttpResponse.json(apiErrorBody(401, 'Session expired', 'UnauthorizedError'), { status: 401 }),
      ),
    );

    await expect(apiRequest('/ping', { auth: false })).rejects.toMatchObject({ status: 401, sessionEnded: false });
    expect(onSessionEnded).not.toHaveBeenCalled();

    useSessionStore.getState().saveInfo(buildSession());
    await expect(apiRequest('/ping')).rejects.toMatchObject({ status: 401, sessionEnded: true });
    expect(onSessionEnded).toHaveBeenCalledOnce();
  });

  it('rejects an answer that does not match the contract', async () => {
    server.use(http.get(apiUrl('/ping'), () => HttpResponse.json({ ok: 'yes' })));
    await expect(apiRequest('/ping', { schema: okSchema })).rejects.toBeInstanceOf(ApiError);
  });

  it('uploads multipart with progress, without a JSON content type, and reads errors the same way', async () => {
    let contentType: string | null = null;
    let token: string | null = null;
    server.use(
      http.post(apiUrl('/upload'), ({ request }) => {
        contentType = request.headers.get('Content-Type');
        token = request.headers.get('X-Access-Token');
        return HttpResponse.json({ ok: true });
      }),
      http.post(apiUrl('/too-big'), () =>
        HttpResponse.json(apiErrorBody(413, 'The file is larger than 5 MB.', 'PayloadTooLargeError'), { status: 413 }),
      ),
    );
    const form = new FormData();
    form.append('kind', 'selfie');
    const progress = vi.fn();
    await expect(
      apiUpload('/upload', form, {
        schema: okSchema,
        headers: { 'X-Access-Token': 'sdk' },
        auth: false,
        onProgress: progress,
      }),
    ).resolves.toEqual({ ok: true });
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(token).toBe('sdk');

    const error = await apiUpload('/too-big', form).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, message: 'The file is larger than 5 MB.' });
  });

  it('downloads a file with the name the server suggests', async () => {
    server.use(
      http.get(
        apiUrl('/file'),
        () => new HttpResponse('%PDF', { headers: { 'Content-Disposition': 'attachment; filename="document-1.pdf"' } }),
      ),
    );
    const file = await apiDownload('/file');
    expect(file.filename).toBe('document-1.pdf');
    expect(await file.blob.text()).toBe('%PDF');
  });
});
