import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
});
