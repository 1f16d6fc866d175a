import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, sandboxAdaptersOf, sandboxWarning } from './config.js';

describe('configuration', () => {
  it('runs with no configuration at all: embedded defaults and the sandbox', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      sandbox: true,
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: 'http://localhost:3000',
    });
    expect(config.session).toEqual({ idleMs: 15 * 60_000, absoluteMs: 8 * 3_600_000 });
    expect(config.signInLock).toEqual({ after: 10, ms: 15 * 60_000 });
  });

  it('a production adapter turns the sandbox off unless SANDBOX says otherwise', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://mail:25' }).sandbox).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://mail:25', SANDBOX: 'true' }).sandbox).toBe(true);
  });

  it('PUBLIC_URL loses its trailing slash so links join cleanly', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://app.example.com/' }).publicUrl).toBe('https://app.example.com');
  });

  it('refuses a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ OPERATOR_EMAIL: 'ops@example.com' })).toThrow(/go together/);
  });

  describe('under NODE_ENV=production', () => {
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      SUMSUB_APP_TOKEN: 'app-token',
      SUMSUB_SECRET_KEY: 'secret-key',
      SUMSUB_WEBHOOK_SECRET: 'webhook-secret',
      CHAIN_RPC_URL: 'https://bsc.example.com',
      QMGT_ADDRESS: '0x0000000000000000000000000000000000000001',
      WALLET_MNEMONIC: 'test test test test test test test test test test test junk',
      PRICE_FEED_URL: 'https://prices.example.com/gold',
      APP_SECRET: 'a'.repeat(32),
      STRIPE_SECRET_KEY: 'sk_live_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
    };

    it('starts on production adapters only, with the sandbox off', () => {
      const config = loadConfig(production);
      expect(config.sandbox).toBe(false);
      expect(sandboxAdaptersOf(config)).toEqual([]);
      expect(sandboxWarning(config)).toBeUndefined();
    });

    it.each([
      ['SMTP_URL', /dev mailbox/],
      ['SUMSUB_APP_TOKEN', /sandbox identity provider/],
      ['CHAIN_RPC_URL', /embedded anvil chain/],
      ['PRICE_FEED_URL', /sandbox gold price/],
      ['APP_SECRET', /generated secrets/],
      ['STRIPE_SECRET_KEY', /sandbox payment gateway/],
    ])('refuses to start without %s, naming the stand-in', (variable, stand) => {
      const env: Record<string, string> = { ...production };
      delete env[variable];
      if (variable === 'SUMSUB_APP_TOKEN') delete env.SUMSUB_SECRET_KEY;
      if (variable === 'CHAIN_RPC_URL') delete env.QMGT_ADDRESS;
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(stand);
      expect(() => loadConfig({ ...env, SANDBOX: 'false' })).toThrow(/SANDBOX=true/);
    });

    it('needs the webhook secret with a Stripe key', () => {
      const env: Record<string, string> = { ...production };
      delete env.STRIPE_WEBHOOK_SECRET;
      expect(() => loadConfig(env)).toThrow(/STRIPE_WEBHOOK_SECRET/);
    });

    it('refuses a bare start: no silent sandbox in production', () => {
      expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/Refusing to start/);
    });

    it('runs the sandbox only when SANDBOX=true says so, and then warns', () => {
      const config = loadConfig({ NODE_ENV: 'production', SANDBOX: 'true' });
      expect(config.sandbox).toBe(true);
      expect(sandboxWarning(config)).toMatch(/SANDBOX=true under NODE_ENV=production.*dev mailbox/);
    });
  });
});
