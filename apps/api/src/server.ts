import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

/** Listens on PORT and shuts down gracefully: in-flight requests and jobs finish first. */
async function main() {
  const config = loadConfig();
  const app = await buildApp({ config });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A deployment waits about 10 s before it kills: what has not stopped by then is cut off here, loudly.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.publicUrl,
      database: app.database.kind,
      sandbox: config.sandbox,
      mail: config.smtpUrl ? 'smtp' : 'dev mailbox',
    },
    `QMGT is up at ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
