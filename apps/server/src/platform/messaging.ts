import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { outbox } from '../db/tables/platform.tables';

export interface SmsMessage {
  phone: string;
  template: 'verify_code' | string;
  params: Record<string, string | number>;
  body: string;
}

export interface SmsProvider {
  readonly name: string;
  /** `db`: the caller's transaction, when the notice belongs to a change being made (the local outbox row commits with it) */
  send(message: SmsMessage, db?: DbOrTx): Promise<void>;
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
  send(message: EmailMessage, db?: DbOrTx): Promise<void>;
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
      await (tx ?? db).insert(outbox).values({
        channel: 'sms',
        recipient: message.phone,
        template: message.template,
        params: message.params,
        body: message.body,
        provider: 'local-outbox',
      });
      log.info({ sms: { phone: message.phone, template: message.template, params: message.params } }, 'sms sent (local outbox)');
    },
  };
}

export function outboxEmailProvider(db: Db, log: FastifyBaseLogger): EmailProvider {
  return {
    name: 'local-outbox',
    async send(message, tx) {
      await (tx ?? db).insert(outbox).values({
        channel: 'email',
        recipient: message.to,
        template: message.template,
        params: message.params,
        body: `${message.subject}\n\n${message.body}`,
        provider: 'local-outbox',
      });
      log.info({ email: { to: message.to, template: message.template } }, 'email sent (local outbox)');
    },
  };
}
