import { Client } from 'undici';

/**
 * One keep-alive HTTP/1.1 connection of the load generator (one socket, no pipelining), with
 * the customer it speaks for. undici's request API, not fetch: on this machine fetch costs
 * about six times the CPU per request, and the generator shares the cores with the server, so
 * fetch would cap the fast scenarios (the hello world, the GETs) at the client, not the server.
 */
export class LoadConnection {
  private readonly client: Client;

  constructor(
    readonly origin: string,
    private readonly token?: string,
  ) {
    this.client = new Client(origin, { pipelining: 1, keepAliveTimeout: 60_000 });
  }

  async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; text: string }> {
    const response = await this.client.request({
      method,
      path,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.statusCode, text: await response.body.text() };
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

/** "409 IdempotencyKeyInUseError" from an API error body, so failures can be told apart. */
export function failureReason(status: number, text: string): string {
  try {
    const name = (JSON.parse(text) as { error?: { name?: unknown } }).error?.name;
    if (typeof name === 'string') return `${status} ${name}`;
  } catch {
    // Not JSON (a proxy page, a truncated body): the status alone says enough.
  }
  return String(status);
}
