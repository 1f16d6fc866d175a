/** An e-mail ready to send. Links inside are absolute, built from PUBLIC_URL. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The mail port: the dev mailbox (sandbox) or SMTP. Throwing makes the job queue retry. */
export interface MailTransport {
  readonly kind: 'mailbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
