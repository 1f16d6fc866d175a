import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger.js';
import { logHooks, logSerializers } from './log-safety.js';

const PRETTY = '/node_modules/pino-pretty/index.js';

const transportOf = (options: ReturnType<typeof loggerOptions>) =>
  typeof options === 'object' && options !== null && 'transport' in options ? options.transport : undefined;

describe('the logger', () => {
  it('is pretty in a development terminal, at the configured level, errors still made safe', () => {
    const options = loggerOptions({ env: 'development', logLevel: 'info' }, { isTTY: true, pinoPretty: PRETTY });
    expect(transportOf(options)).toMatchObject({ target: PRETTY, options: { colorize: true } });
    expect(options).toMatchObject({ level: 'info', serializers: logSerializers, hooks: logHooks });
  });

  it('stays JSON in production, without a terminal (tests, CI, a log collector) and without pino-pretty', () => {
    for (const [env, isTTY, pinoPretty] of [
      ['production', true, PRETTY],
      ['development', false, PRETTY],
      ['test', false, PRETTY],
      ['development', true, undefined],
    ] as const) {
      const options = loggerOptions({ env, logLevel: 'warn' }, { isTTY, pinoPretty });
      expect(transportOf(options), `${env} tty=${isTTY} ${pinoPretty}`).toBeUndefined();
      expect(options).toMatchObject({ level: 'warn', serializers: logSerializers, hooks: logHooks });
    }
  });

  it('stays JSON by default when stdout is not a terminal', () => {
    expect(transportOf(loggerOptions({ env: 'development', logLevel: 'info' }))).toBeUndefined();
  });
});
