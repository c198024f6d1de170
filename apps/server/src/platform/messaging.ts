import type { DbOrTx } from '../db/client';

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
