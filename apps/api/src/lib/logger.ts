import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import { logHooks, logSerializers } from './log-safety.js';

const requireHere = createRequire(import.meta.url);

/** pino-pretty's entry file, or undefined where it is not installed (a production image). */
function resolvePinoPretty(): string | undefined {
  try {
    return requireHere.resolve('pino-pretty');
  } catch {
    return undefined;
  }
}

/**
 * The app's logger: JSON lines, with errors logged without the SQL and row values a failed
 * query carries (lib/log-safety.ts). A person running the server in a terminal outside
 * production reads one short coloured line per event instead (pino-pretty, a devDependency);
 * production, tests and CI (no TTY) keep JSON for whatever collects it.
 */
export function loggerOptions(
  config: Pick<Config, 'env' | 'logLevel'>,
  terminal: { isTTY: boolean; pinoPretty: string | undefined } = {
    isTTY: process.stdout.isTTY === true,
    pinoPretty: resolvePinoPretty(),
  },
): FastifyServerOptions['logger'] {
  const base = { level: config.logLevel, serializers: logSerializers, hooks: logHooks };
  if (config.env === 'production' || !terminal.isTTY || !terminal.pinoPretty) return base;
  return {
    ...base,
    transport: {
      target: terminal.pinoPretty,
      options: {
        colorize: true,
        translateTime: 'SYS:HH:MM:ss.l',
        singleLine: true,
        // Request lines say what was asked and answered, without the request id and headers.
        ignore: 'pid,hostname,reqId,req,res,responseTime',
        messageFormat:
          '{msg}{if req.method} {req.method} {req.url}{end}{if res.statusCode} → {res.statusCode} in {responseTime}ms{end}',
      },
    },
  };
}
