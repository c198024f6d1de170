import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { failed, sent, type EmailProvider } from '../messaging';

export interface SmtpSettings {
  /** smtps://user:password@host:465, or smtp://…:587 (STARTTLS when the server offers it) */
  url: string;
  /** the From header, e.g. 科研检测 <noreply@example.com> */
  from: string;
  /** TLS options for the connection (a test's self-signed peer) */
  tls?: { rejectUnauthorized: boolean };
}

/**
 * E-mail over SMTP with nodemailer: a plain-text UTF-8 message, with its attachments (a booking's
 * calendar file) as parts of their own. A refusal at any step (login,
 * a rejected sender or recipient, the message itself) or a lost connection comes back as a
 * failed send with the server's reply (`EAUTH`, `EENVELOPE`, the SMTP code).
 */
export function smtpEmailProvider(settings: SmtpSettings, log: FastifyBaseLogger): EmailProvider {
  const transport = nodemailer.createTransport({
    url: settings.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(settings.tls ? { tls: settings.tls } : {}),
  });
  const name = 'smtp';
  return {
    name,
    async send(message) {
      try {
        const info = await transport.sendMail({ from: settings.from, to: message.to, subject: message.subject, text: message.body, textEncoding: 'base64', attachments: message.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })) });
        log.info({ email: { to: message.to, template: message.template, provider: name, id: info.messageId } }, 'email sent');
        return sent(name, info.messageId ?? null);
      } catch (error) {
        const { code, responseCode, response } = error as { code?: string; responseCode?: number; response?: string };
        const reason = { code: code ?? (responseCode ? String(responseCode) : null), error: response ?? (error instanceof Error ? error.message : String(error)) };
        log.warn({ email: { to: message.to, template: message.template, provider: name, ...reason } }, 'email send failed');
        return failed(name, reason.code, reason.error);
      }
    },
  };
}
