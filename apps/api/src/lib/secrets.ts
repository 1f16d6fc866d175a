import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

export interface Secrets {
  appSecret: string;
  webhookSecret: string;
}

/**
 * Secrets the sandbox needs but nobody configured: generated once and kept in
 * DATA_DIR/secrets.json (mode 0600) so that tokens and signatures survive a restart.
 * Outside the sandbox a missing secret is a configuration error, never a generated one.
 */
export function resolveSecrets(options: {
  dataDir: string;
  sandbox: boolean;
  appSecret: string | undefined;
  webhookSecret: string | undefined;
}): Secrets {
  if (options.appSecret && options.webhookSecret)
    return { appSecret: options.appSecret, webhookSecret: options.webhookSecret };
  if (!options.sandbox) {
    throw new Error('APP_SECRET (and SUMSUB_WEBHOOK_SECRET with Sumsub) must be set outside the sandbox');
  }
  const file = path.join(options.dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  // Only generated values are written: a secret from the environment never lands on disk.
  const generated: Secrets = {
    appSecret: stored.appSecret ?? randomBytes(32).toString('base64url'),
    webhookSecret: stored.webhookSecret ?? randomBytes(32).toString('base64url'),
  };
  if (generated.appSecret !== stored.appSecret || generated.webhookSecret !== stored.webhookSecret) {
    mkdirSync(options.dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(generated, null, 2), { mode: 0o600 });
  }
  return {
    appSecret: options.appSecret ?? generated.appSecret,
    webhookSecret: options.webhookSecret ?? generated.webhookSecret,
  };
}
