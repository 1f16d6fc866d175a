import fp from 'fastify-plugin';
import { createMailTransport, type MailTransport } from '../adapters/mail/index.js';

declare module '../services.js' {
  interface Services {
    /** The mail port (dev mailbox or SMTP), for the outbox's handlers. */
    mail: MailTransport;
  }
}

/** The mail port: SMTP when configured, else the dev mailbox; or a transport a test passes in. */
export default fp<{ mail?: MailTransport }>(
  async (app, options) => {
    const { config } = app;
    const mail =
      options.mail ?? createMailTransport({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, db: app.database.db });
    app.services.mail = mail;
    app.addHook('onClose', () => mail.close());
  },
  { name: 'mail', dependencies: ['database'] },
);
