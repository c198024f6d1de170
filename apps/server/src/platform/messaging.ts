import type { DbOrTx } from '../db/client';
import type { EmailAttachment } from './platform.tables';

export type { EmailAttachment };

export interface SmsMessage {
  phone: string;
  template: 'verify_code' | string;
  params: Record<string, string | number>;
  body: string;
  /**
   * A service notice to go by WeChat first (the official account's template message), this SMS
   * being its fallback: the outbox queues it as a WeChat row (platform/outbox.ts).
   */
  wechat?: WechatNotice;
}

/** A template message of the official account. */
export interface WechatNotice {
  openid: string;
  /** the account's template id (公众号模板ID) */
  templateId: string;
  /** the template's fields (thing1, character_string2…) */
  data: Record<string, string>;
}

/** Who delivers WeChat rows: the official account (platform/providers/wechat-mp.ts) or the local deliverer (a log line). */
export interface WechatProvider {
  readonly name: string;
  send(message: WechatNotice): Promise<SendResult>;
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
  attachments?: EmailAttachment[];
}

export interface EmailProvider {
  readonly name: string;
  /** `db`: as for SmsProvider.send */
  send(message: EmailMessage, db?: DbOrTx): Promise<SendResult>;
}
