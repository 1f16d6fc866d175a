import nodemailer from 'nodemailer';
import type { MailMessage, MailTransport } from './port.js';

/** Real SMTP through nodemailer; SMTP_URL is e.g. smtps://user:pass@smtp.example.com:465. */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    async close() {
      transporter.close();
    },
  };
}
