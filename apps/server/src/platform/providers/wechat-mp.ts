import { randomBytes, timingSafeEqual } from 'node:crypto';
import { decrypt, encrypt, getSignature } from '@wecom/crypto';
import { eq, lt, sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../clock';
import { failed, sent, type SendResult } from '../messaging';
import { wechatMpNonces, wechatMpTokens } from './wechat-mp.tables';

/**
 * The WeChat official account (公众号), docs/decisions/0046-wechat-official-account.md: its
 * access token shared by every instance, temporary parametric QR codes for the login, template
 * or subscription messages (订阅通知, per the account's type) for the service notices, and the
 * event callback (signature, 安全模式's AES through @wecom/crypto, replays).
 * Chosen by WECHAT_MP_APPID (+ _SECRET, _TOKEN, _AES_KEY); without it the local stand-in serves
 * (the QR code opens this site's own confirm page, WeChat notices are a log line).
 */
export interface WechatMp {
  readonly appId: string;
  /** a temporary QR code with a string scene (QR_STR_SCENE) valid `expireSeconds` */
  createSceneQr(scene: string, expireSeconds: number): Promise<SceneQr>;
  /**
   * A service notice: a template message (模板消息, cgi-bin/message/template/send) or, for an
   * account whose type sends 订阅通知 (WECHAT_MP_NOTICES=subscribe), a subscription message
   * (cgi-bin/message/subscribe/bizsend) — the same template id and fields. Refusals answered, never thrown.
   */
  sendNotice(message: TemplateMessage): Promise<SendResult>;
  /** a callback checked (signature, age, nonce; decrypted in 安全模式); throws CallbackRefused */
  readCallback(request: CallbackRequest): Promise<CallbackRead>;
  /** a passive reply (a text to the follower who sent the event), encrypted in 安全模式 */
  replyText(event: MpEvent, text: string): string;
  /** the shared access token (fetched when missing or near its end; `stale`: refused by WeChat, fetch another) */
  accessToken(stale?: string): Promise<string>;
}

export interface SceneQr {
  /** WeChat's ticket (showqrcode?ticket=…) */
  ticket: string;
  /** what the QR code encodes (http://weixin.qq.com/q/…) */
  url: string;
  expireSeconds: number;
  /** WeChat's own image of the code */
  imageUrl: string;
}

export interface TemplateMessage {
  openid: string;
  templateId: string;
  /** the page the message opens */
  url?: string | undefined;
  data: Record<string, string>;
}

export interface CallbackRequest {
  method: 'GET' | 'POST';
  query: Record<string, string | undefined>;
  body: string;
}

/** What a callback carries once checked. */
export type CallbackRead = { kind: 'echo'; echostr: string } | { kind: 'event'; event: MpEvent } | { kind: 'message'; from: string };

/** An event pushed by WeChat (关注, 扫码, 取消关注…). */
export interface MpEvent {
  /** the follower's openid (FromUserName) */
  openid: string;
  /** the account's original id (ToUserName), the sender of a passive reply */
  account: string;
  /** subscribe, unsubscribe, SCAN, TEMPLATESENDJOBFINISH… as WeChat names it */
  event: string;
  /** the scene of a parametric QR code (subscribe's "qrscene_" taken off), or null */
  scene: string | null;
  createTime: number;
}

/** A callback that is not WeChat's (a wrong signature) or was sent before (a replay): refused and logged. */
export class CallbackRefused extends Error {}

/** The QR image WeChat draws for a ticket. */
export const showQrUrl = (ticket: string) => `https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=${encodeURIComponent(ticket)}`;

/** An access token is fetched again this long before it ends (WeChat's are valid 7200 s). */
export const TOKEN_REFRESH_MARGIN_SECONDS = 300;
/** A callback older (or newer) than this is refused, and its nonce is remembered this long. */
export const CALLBACK_MAX_AGE_SECONDS = 300;
/** WeChat's answers that mean the token is no longer good: fetch another, try once more. */
export const TOKEN_ERRORS = new Set([40001, 40014, 42001]);
/** 43004: the follower unsubscribed (需要接收者关注) — the notice goes by SMS instead. */
export const UNSUBSCRIBED = 43004;
/** 43101: the user has not accepted (or has used up) this subscription message (用户拒绝接受消息) — SMS instead. */
export const SUBSCRIPTION_REFUSED = 43101;

export interface WechatMpOptions {
  appId: string;
  secret: string;
  token: string;
  /** the EncodingAESKey (安全模式); undefined: 明文模式 */
  aesKey?: string | undefined;
  apiBase: string;
  /** template messages (default) or subscription messages, per the account's type */
  notices?: 'template' | 'subscribe' | undefined;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * WeChat's message signature: sha1 of token, timestamp, nonce (and the ciphertext) sorted and
 * joined — @wecom/crypto's getSignature (Tencent's WXBizMsgCrypt, the same for the official
 * account's 安全模式); without a ciphertext an empty one, which sorts first and adds nothing.
 */
export const mpSignature = (token: string, timestamp: string, nonce: string, encrypted?: string) => getSignature(token, timestamp, nonce, encrypted ?? '');

/** 安全模式's ciphertext (AES-256-CBC of random(16) · length · message · appid, PKCS#7 to 32 bytes), by @wecom/crypto. */
export const mpEncrypt = (encodingAesKey: string, appId: string, message: string): string => {
  if (Buffer.from(`${encodingAesKey}=`, 'base64').length !== 32) throw new Error('EncodingAESKey 应为43位');
  return encrypt(encodingAesKey, message, appId);
};

/**
 * The message inside a ciphertext and the appid it names, by @wecom/crypto's decrypt; throws on
 * a ciphertext that is not whole AES blocks or too short to hold the length. The library takes a
 * bad padding as none, so the caller's appid check is what refuses a forged or damaged one.
 */
export function mpDecrypt(encodingAesKey: string, encrypted: string): { message: string; appId: string } {
  const { message, id } = decrypt(encodingAesKey, encrypted);
  return { message, appId: id };
}

const xml = new XMLParser({ parseTagValue: false, trimValues: true, processEntities: false });

/** The fields of WeChat's flat `<xml>…</xml>` (CDATA read as text). */
export function readMpXml(text: string): Record<string, string> {
  const parsed = xml.parse(text) as { xml?: unknown };
  if (!parsed.xml || typeof parsed.xml !== 'object') throw new Error('not WeChat XML');
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed.xml as Record<string, unknown>)) if (typeof value === 'string' || typeof value === 'number') fields[name] = String(value);
  return fields;
}

const cdata = (value: string) => `<![CDATA[${value.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** `<xml>` of the given fields, texts in CDATA, numbers bare (WeChat's shape). */
export function mpXml(fields: Record<string, string | number>): string {
  return `<xml>${Object.entries(fields)
    .map(([name, value]) => `<${name}>${typeof value === 'number' ? value : cdata(value)}</${name}>`)
    .join('')}</xml>`;
}

interface ApiAnswer {
  errcode?: number;
  errmsg?: string;
  [key: string]: unknown;
}

export function wechatMp(options: WechatMpOptions): WechatMp {
  const { appId, secret, token, aesKey, apiBase, db, clock, log, notices = 'template' } = options;
  const base = apiBase.replace(/\/+$/, '');

  /** a POST with a JSON body, or a GET without one */
  const request = async (path: string, body?: unknown): Promise<ApiAnswer> => {
    const answer = await fetch(`${base}${path}`, {
      ...(body === undefined ? { method: 'GET' } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!answer.ok) throw new Error(`WeChat API HTTP ${answer.status}`);
    return (await answer.json()) as ApiAnswer;
  };

  const stored = async (tx: DbOrTx) => (await tx.select().from(wechatMpTokens).where(eq(wechatMpTokens.appId, appId)).limit(1))[0];
  const fresh = (row: { expiresAt: Date } | undefined) => row !== undefined && row.expiresAt.getTime() - TOKEN_REFRESH_MARGIN_SECONDS * 1000 > clock.now().getTime();

  async function accessToken(stale?: string): Promise<string> {
    const row = await stored(db);
    if (fresh(row) && row!.accessToken !== stale) return row!.accessToken;
    // one fetcher at a time across every instance; the others wait, then read what it stored
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lab:wechat-mp-token:${appId}`}))`);
      const current = await stored(tx);
      if (fresh(current) && current!.accessToken !== stale) return current!.accessToken;
      // cgi-bin/token: a new token each time, the previous one still good for 5 minutes (instances that read it meanwhile go on working)
      const answer = await request(`/cgi-bin/token?${new URLSearchParams({ grant_type: 'client_credential', appid: appId, secret })}`);
      if (typeof answer.access_token !== 'string' || typeof answer.expires_in !== 'number') throw new Error(`WeChat access token refused: ${answer.errcode ?? ''} ${answer.errmsg ?? ''}`.trim());
      const now = clock.now();
      const values = { accessToken: answer.access_token, expiresAt: new Date(now.getTime() + answer.expires_in * 1000), fetchedAt: now };
      await tx.insert(wechatMpTokens).values({ appId, ...values }).onConflictDoUpdate({ target: wechatMpTokens.appId, set: values });
      log.info({ wechatMp: { expiresIn: answer.expires_in } }, 'WeChat access token fetched');
      return answer.access_token;
    });
  }

  /** A call with the access token; a token WeChat says is expired or invalid is fetched again and the call tried once more. */
  async function withToken(path: string, body: unknown): Promise<ApiAnswer> {
    const first = await accessToken();
    const answer = await request(`${path}?access_token=${encodeURIComponent(first)}`, body);
    if (!TOKEN_ERRORS.has(answer.errcode ?? 0)) return answer;
    log.warn({ wechatMp: { errcode: answer.errcode } }, 'WeChat refused the access token: fetching another');
    const second = await accessToken(first);
    return request(`${path}?access_token=${encodeURIComponent(second)}`, body);
  }

  const refuse = (reason: string, detail: Record<string, unknown>): never => {
    log.warn({ wechatMp: { refused: reason, ...detail } }, 'WeChat callback refused');
    throw new CallbackRefused(reason);
  };

  return {
    appId,
    accessToken,

    async createSceneQr(scene, expireSeconds) {
      const answer = await withToken('/cgi-bin/qrcode/create', { expire_seconds: expireSeconds, action_name: 'QR_STR_SCENE', action_info: { scene: { scene_str: scene } } });
      if (typeof answer.ticket !== 'string' || typeof answer.url !== 'string') throw new Error(`WeChat QR code refused: ${answer.errcode ?? ''} ${answer.errmsg ?? ''}`.trim());
      return { ticket: answer.ticket, url: answer.url, expireSeconds: Number(answer.expire_seconds ?? expireSeconds), imageUrl: showQrUrl(answer.ticket) };
    },

    async sendNotice(message) {
      const data = Object.fromEntries(Object.entries(message.data).map(([key, value]) => [key, { value }]));
      try {
        const answer =
          notices === 'subscribe'
            ? // 订阅通知: the page to open is `page`
              await withToken('/cgi-bin/message/subscribe/bizsend', { touser: message.openid, template_id: message.templateId, ...(message.url ? { page: message.url } : {}), data })
            : await withToken('/cgi-bin/message/template/send', { touser: message.openid, template_id: message.templateId, ...(message.url ? { url: message.url } : {}), data });
        if ((answer.errcode ?? 0) === 0) return sent('wechat-mp', answer.msgid === undefined ? null : String(answer.msgid));
        return failed('wechat-mp', String(answer.errcode), answer.errmsg ?? '');
      } catch (error) {
        return failed('wechat-mp', null, error instanceof Error ? error.message : String(error));
      }
    },

    async readCallback({ method, query, body }) {
      const { signature = '', timestamp = '', nonce = '' } = query;
      if (!signature || !/^\d{1,12}$/.test(timestamp) || !nonce || nonce.length > 64) refuse('missing signature', { timestamp, nonce });
      if (!sameText(mpSignature(token, timestamp, nonce), signature)) refuse('bad signature', { timestamp, nonce });
      const now = clock.now();
      if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > CALLBACK_MAX_AGE_SECONDS) refuse('stale timestamp', { timestamp, nonce });
      // a nonce seen within the window is a replay (the table keeps only the window's)
      await db.delete(wechatMpNonces).where(lt(wechatMpNonces.seenAt, new Date(now.getTime() - 2 * CALLBACK_MAX_AGE_SECONDS * 1000)));
      const fresh = await db.insert(wechatMpNonces).values({ nonce, seenAt: now }).onConflictDoNothing().returning({ nonce: wechatMpNonces.nonce });
      if (fresh.length === 0) refuse('replayed nonce', { timestamp, nonce });

      if (method === 'GET') return { kind: 'echo', echostr: query.echostr ?? '' };
      let fields: Record<string, string>;
      try {
        fields = readMpXml(body);
      } catch {
        return refuse('not XML', { nonce });
      }
      if (aesKey) {
        // 安全模式: the message is the ciphertext, signed with it
        const encrypted = fields.Encrypt;
        if (query.encrypt_type !== 'aes' || !encrypted) return refuse('not encrypted', { nonce });
        if (!sameText(mpSignature(token, timestamp, nonce, encrypted), query.msg_signature ?? '')) refuse('bad msg_signature', { nonce });
        let inner: { message: string; appId: string };
        try {
          inner = mpDecrypt(aesKey, encrypted);
          fields = readMpXml(inner.message);
        } catch {
          return refuse('cannot decrypt', { nonce });
        }
        if (inner.appId !== appId) refuse('another account', { nonce, appId: inner.appId });
      }
      const openid = fields.FromUserName ?? '';
      if (fields.MsgType !== 'event') return { kind: 'message', from: openid };
      const event = fields.Event ?? '';
      const key = fields.EventKey ?? '';
      const scene = event === 'subscribe' ? (key.startsWith('qrscene_') ? key.slice('qrscene_'.length) : null) : key || null;
      return { kind: 'event', event: { openid, account: fields.ToUserName ?? '', event, scene, createTime: Number(fields.CreateTime ?? 0) } };
    },

    replyText(event, text) {
      const createTime = Math.floor(clock.now().getTime() / 1000);
      const reply = mpXml({ ToUserName: event.openid, FromUserName: event.account, CreateTime: createTime, MsgType: 'text', Content: text });
      if (!aesKey) return reply;
      const encrypted = mpEncrypt(aesKey, appId, reply);
      const nonce = randomBytes(8).toString('hex');
      return mpXml({ Encrypt: encrypted, MsgSignature: mpSignature(token, String(createTime), nonce, encrypted), TimeStamp: createTime, Nonce: nonce });
    },
  };
}
