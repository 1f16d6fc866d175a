import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { build, type TestApp } from '../../test/build.js';
import { post, registerUser, waitForMail } from '../../test/factories.js';
import { createMailboxTransport } from './mailbox.js';
import type { MailMessage, MailTransport } from './port.js';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on a random local port, collecting what nodemailer delivers. */
async function startSmtpSink() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function until<T>(read: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('SMTP transport', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await build({ smtpUrl: smtp.url, mailFrom: 'QMGT <no-reply@qmgt.test>', sandbox: true });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the verification mail with an absolute link to a real SMTP server', async () => {
    const { input } = await registerUser(t.app);
    await post(t.app, '/link-verification/registration', { email: input.email });
    const mail = await until(() => smtp.received.find((m) => m.to.includes(input.email)));
    expect(mail.raw).toMatch(/Subject: Verify your e-mail address/);
    expect(mail.raw).toMatch(/From: QMGT <no-reply@qmgt\.test>/);
    expect(mail.raw.replace(/=\r?\n/g, '')).toMatch(/http:\/\/qmgt\.test\/Email-Verification\/[A-Za-z0-9_-]{43}/);
  });
});

describe('mail through the job queue', () => {
  let t: TestApp;
  let attempts = 0;
  beforeAll(async () => {
    // A transport that fails twice (an SMTP outage) before it delivers to the mailbox.
    let inner: MailTransport | undefined;
    const flaky: MailTransport = {
      kind: 'mailbox',
      async send(message: MailMessage) {
        attempts++;
        if (attempts <= 2) throw new Error('451 temporary failure');
        inner ??= createMailboxTransport(t.database.db);
        await inner.send(message);
      },
      async close() {},
    };
    t = await build({}, { mail: flaky });
  });
  afterAll(async () => t.close());

  it('retries a failed send until it goes through, and the link in the delivered mail works', async () => {
    const { input } = await registerUser(t.app);
    const res = await post(t.app, '/link-verification/registration', { email: input.email });
    expect(res.statusCode).toBe(200);
    const mail = await waitForMail(t.app, input.email, 0, 25_000);
    expect(attempts).toBe(3);
    const token = /Email-Verification\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect((await post(t.app, '/link-verification/code-register', { verifyCode: token })).statusCode).toBe(200);
  }, 40_000);
});
