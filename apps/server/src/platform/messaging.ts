import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { outbox } from '../db/tables/platform.tables';

export interface SmsMessage {
  phone: string;
  template: 'verify_code' | string;
  params: Record<string, string | number>;
  body: string;
}

/**
 * What one send came to. A provider never throws for a refused or failed send: it answers
 * `ok: false` with the vendor's code and message (isv.BUSINESS_LIMIT_CONTROL, an SMTP 550…),
 * so a caller (or a job retrying the outbox) decides what to do with it.
 */
export type SendResult =
  | { ok: true; provider: string; /** the vendor's id for the message (BizId, SerialNo, SMTP message id, outbox row) */ id: string | null }
  | { ok: false; provider: string; /** the vendor's code, or null when none came back (a network failure) */ code: string | null; error: string };

export const sent = (provider: string, id: string | null): SendResult => ({ ok: true, provider, id });
export const failed = (provider: string, code: string | null, error: string): SendResult => ({ ok: false, provider, code, error });

export interface SmsProvider {
  readonly name: string;
  /**
   * `db`: the caller's transaction, when the notice belongs to a change being made (the local
   * outbox row commits with it); the real providers send at once and do not use it.
   */
  send(message: SmsMessage, db?: DbOrTx): Promise<SendResult>;
}

export interface EmailMessage {
  to: string;
  template: string;
  params: Record<string, string | number>;
  subject: string;
  body: string;
}

export interface EmailProvider {
  readonly name: string;
  /** `db`: as for SmsProvider.send */
  send(message: EmailMessage, db?: DbOrTx): Promise<SendResult>;
}

/**
 * The local SMS provider: an outbox row and one JSON log line with the phone and the text. The
 * row is written in the caller's transaction when it gives one: on PGlite a statement on the
 * database itself would wait for that transaction for ever (OUTSIDE_TRANSACTION in db/client.ts).
 */
export function outboxSmsProvider(db: Db, log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'local-outbox',
    async send(message, tx) {
      const [row] = await (tx ?? db).insert(outbox).values({
        channel: 'sms',
        recipient: message.phone,
        template: message.template,
        params: message.params,
        body: message.body,
        provider: 'local-outbox',
      }).returning({ id: outbox.id });
      log.info({ sms: { phone: message.phone, template: message.template, params: message.params } }, 'sms sent (local outbox)');
      return sent('local-outbox', row ? String(row.id) : null);
    },
  };
}

export function outboxEmailProvider(db: Db, log: FastifyBaseLogger): EmailProvider {
  return {
    name: 'local-outbox',
    async send(message, tx) {
      const [row] = await (tx ?? db).insert(outbox).values({
        channel: 'email',
        recipient: message.to,
        template: message.template,
        params: message.params,
        body: `${message.subject}\n\n${message.body}`,
        provider: 'local-outbox',
      }).returning({ id: outbox.id });
      log.info({ email: { to: message.to, template: message.template } }, 'email sent (local outbox)');
      return sent('local-outbox', row ? String(row.id) : null);
    },
  };
}
