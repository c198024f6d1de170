import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local WeChat official-account API (公众号) for the provider's tests: a real HTTP server that
 * speaks the documented protocol, written from the documentation with node:crypto alone (not the
 * provider's code, so a shared misreading would not pass unnoticed).
 *
 * - GET /cgi-bin/token (a new token each time, the previous one good a while longer) and POST
 *   /cgi-bin/stable_token (the same token until force_refresh): 7200 s, counted in `fetches`.
 * - POST /cgi-bin/qrcode/create: temporary QR_STR_SCENE codes; POST /cgi-bin/message/template/send:
 *   template messages, kept in `sent`; 43004 for a follower who unsubscribed; `failNext` makes
 *   the next sends answer a code of the test's choice (45009 rate limit…); `expireToken` makes
 *   the token held answer 42001.
 * - POST /cgi-bin/message/subscribe/bizsend: subscription messages (订阅通知 of a 服务号), kept in
 *   `subscribeSent`; only to a user who accepted that template (`acceptSubscription`, as the
 *   订阅 button does), else 43101 (用户拒绝接受消息); a one-time acceptance is used up by one send.
 * - `push`: an event (关注 / 扫码 / 取消关注) as WeChat sends it to the account's server URL:
 *   signed (signature over token, timestamp, nonce), in 安全模式 encrypted (AES-256-CBC under
 *   the EncodingAESKey, msg_signature over the ciphertext too) — or forged, or sent again.
 */
export interface WechatMpPeerOptions {
  appId: string;
  secret: string;
  token: string;
  /** 安全模式 when given */
  aesKey?: string;
  /** the account's original id (gh_…) */
  account?: string;
  /** the test's clock, for the events' timestamps */
  now: () => Date;
}

export interface SentTemplate {
  touser: string;
  template_id: string;
  url?: string;
  data: Record<string, { value: string }>;
}

const sha1 = (parts: string[]) => createHash('sha1').update([...parts].sort().join('')).digest('hex');
const cdata = (value: string) => `<![CDATA[${value}]]>`;

export class WechatMpPeer {
  url = '';
  /** how many times a token was handed out */
  fetches = 0;
  readonly sent: SentTemplate[] = [];
  readonly qrcodes = new Map<string, { scene: string; expireSeconds: number }>();
  readonly unsubscribed = new Set<string>();
  readonly failNext: number[] = [];
  readonly subscribeSent: (Omit<SentTemplate, 'url'> & { page?: string })[] = [];
  /** `${openid} ${templateId}` → how many sends the user accepted (Infinity: 长期订阅) */
  private readonly accepted = new Map<string, number>();
  private token: string | null = null;
  /** the token before the last fetch: WeChat keeps it good for 5 minutes */
  private previous: string | null = null;
  private tokenExpired = false;
  private server: http.Server | null = null;
  /** how long the token handler waits before answering (a slow WeChat: racing fetchers overlap) */
  tokenDelayMs = 0;

  constructor(private readonly options: WechatMpPeerOptions) {}

  async start(): Promise<this> {
    this.server = http.createServer((request, reply) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.handle(request, Buffer.concat(chunks).toString('utf8'), reply).catch((error: unknown) => this.json(reply, { errcode: -1, errmsg: String(error) }, 500));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The user accepts a subscription message (the 订阅通知 button): `times` sends, or long-term. */
  acceptSubscription(openid: string, templateId: string, times = Number.POSITIVE_INFINITY) {
    this.accepted.set(`${openid} ${templateId}`, times);
  }

  /** The token held answers 42001 (access_token expired) from now on. */
  expireToken() {
    this.tokenExpired = true;
    this.previous = null;
  }

  private json(reply: ServerResponse, body: unknown, status = 200) {
    reply.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  private issue(force: boolean) {
    this.fetches += 1;
    if (!this.token || force || this.tokenExpired) {
      this.previous = this.tokenExpired ? null : this.token;
      this.token = randomBytes(24).toString('hex');
      this.tokenExpired = false;
    }
    return { access_token: this.token, expires_in: 7200 };
  }

  private async handle(request: IncomingMessage, text: string, reply: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://peer');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (url.pathname === '/cgi-bin/stable_token' || url.pathname === '/cgi-bin/token') {
      const stable = url.pathname === '/cgi-bin/stable_token';
      const appid = stable ? body.appid : url.searchParams.get('appid');
      const secret = stable ? body.secret : url.searchParams.get('secret');
      if ((stable ? body.grant_type : url.searchParams.get('grant_type')) !== 'client_credential') return this.json(reply, { errcode: 40002, errmsg: 'invalid grant_type' });
      if (appid !== this.options.appId || secret !== this.options.secret) return this.json(reply, { errcode: 40125, errmsg: 'invalid appsecret' });
      if (this.tokenDelayMs) await new Promise((resolve) => setTimeout(resolve, this.tokenDelayMs));
      return this.json(reply, this.issue(!stable || body.force_refresh === true));
    }
    const given = url.searchParams.get('access_token');
    if (!given || (given !== this.token && given !== this.previous)) return this.json(reply, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
    if (this.tokenExpired) return this.json(reply, { errcode: 42001, errmsg: 'access_token expired' });
    if (url.pathname === '/cgi-bin/qrcode/create') {
      const scene = (body.action_info as { scene?: { scene_str?: unknown } } | undefined)?.scene?.scene_str;
      const expireSeconds = Number(body.expire_seconds);
      if (body.action_name !== 'QR_STR_SCENE' || typeof scene !== 'string' || scene.length < 1 || scene.length > 64) return this.json(reply, { errcode: 40097, errmsg: 'invalid args' });
      if (!Number.isInteger(expireSeconds) || expireSeconds < 1 || expireSeconds > 2_592_000) return this.json(reply, { errcode: 40097, errmsg: 'invalid expire_seconds' });
      const ticket = `gQ${randomBytes(18).toString('base64url')}`;
      this.qrcodes.set(ticket, { scene, expireSeconds });
      return this.json(reply, { ticket, expire_seconds: expireSeconds, url: `http://weixin.qq.com/q/${randomBytes(8).toString('hex')}` });
    }
    if (url.pathname === '/cgi-bin/message/template/send') {
      const failure = this.failNext.shift();
      if (failure !== undefined) return this.json(reply, { errcode: failure, errmsg: failure === 45009 ? 'reach max api daily quota limit' : 'system error' });
      const message = body as unknown as SentTemplate;
      if (typeof message.touser !== 'string' || typeof message.template_id !== 'string' || typeof message.data !== 'object') return this.json(reply, { errcode: 47001, errmsg: 'data format error' });
      if (this.unsubscribed.has(message.touser)) return this.json(reply, { errcode: 43004, errmsg: 'require subscribe' });
      this.sent.push(message);
      return this.json(reply, { errcode: 0, errmsg: 'ok', msgid: this.sent.length + 1000 });
    }
    if (url.pathname === '/cgi-bin/message/subscribe/bizsend') {
      const failure = this.failNext.shift();
      if (failure !== undefined) return this.json(reply, { errcode: failure, errmsg: 'system error' });
      const message = body as unknown as Omit<SentTemplate, 'url'> & { page?: string };
      const fields = typeof message.data === 'object' && message.data !== null ? Object.entries(message.data) : [];
      if (typeof message.touser !== 'string' || typeof message.template_id !== 'string' || fields.length === 0) return this.json(reply, { errcode: 47003, errmsg: 'argument invalid! data is empty' });
      if (fields.some(([key, value]) => !/^[a-z_]+\d+$/.test(key) || typeof (value as { value?: unknown })?.value !== 'string')) return this.json(reply, { errcode: 47003, errmsg: 'argument invalid! data.value invalid' });
      const key = `${message.touser} ${message.template_id}`;
      const left = this.accepted.get(key) ?? 0;
      if (left < 1) return this.json(reply, { errcode: 43101, errmsg: 'user refuse to accept the msg' });
      this.accepted.set(key, left - 1);
      this.subscribeSent.push(message);
      return this.json(reply, { errcode: 0, errmsg: 'ok' });
    }
    return this.json(reply, { errcode: 40066, errmsg: 'invalid url' }, 404);
  }

  // ---- events to the account's server -----------------------------------------------------

  private encrypt(message: string, appId = this.options.appId) {
    const key = Buffer.from(`${this.options.aesKey}=`, 'base64');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(Buffer.byteLength(message));
    const plain = Buffer.concat([randomBytes(16), length, Buffer.from(message), Buffer.from(appId)]);
    const pad = 32 - (plain.length % 32);
    const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16)).setAutoPadding(false);
    return Buffer.concat([cipher.update(Buffer.concat([plain, Buffer.alloc(pad, pad)])), cipher.final()]).toString('base64');
  }

  /** A passive reply as the follower's WeChat reads it: the text, decrypted in 安全模式 (its signature checked). */
  readReply(body: string): string | null {
    let inner = body;
    const encrypted = /<Encrypt><!\[CDATA\[(.*?)\]\]><\/Encrypt>/.exec(body)?.[1];
    if (this.options.aesKey) {
      if (!encrypted) return null;
      const signature = /<MsgSignature><!\[CDATA\[(.*?)\]\]>/.exec(body)?.[1];
      const timestamp = /<TimeStamp>(\d+)<\/TimeStamp>/.exec(body)?.[1] ?? '';
      const nonce = /<Nonce><!\[CDATA\[(.*?)\]\]>/.exec(body)?.[1] ?? '';
      if (signature !== sha1([this.options.token, timestamp, nonce, encrypted])) throw new Error('reply signature wrong');
      const key = Buffer.from(`${this.options.aesKey}=`, 'base64');
      const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16)).setAutoPadding(false);
      const plain = Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64')), decipher.final()]);
      const content = plain.subarray(16, plain.length - plain[plain.length - 1]!);
      const length = content.readUInt32BE(0);
      if (content.subarray(4 + length).toString() !== this.options.appId) throw new Error('reply for another account');
      inner = content.subarray(4, 4 + length).toString();
    }
    return /<Content><!\[CDATA\[([\s\S]*?)\]\]><\/Content>/.exec(inner)?.[1] ?? null;
  }

  /**
   * Pushes an event to `callbackUrl` as WeChat does. `forge`: a wrong signature (or, signed
   * rightly, a ciphertext for another account's AppID or one damaged on the way); `at`: the
   * timestamp (default the test's now); `nonce`: to send one again (a replay).
   */
  async push(
    callbackUrl: string,
    event: { openid: string; event: 'subscribe' | 'SCAN' | 'unsubscribe'; scene?: string },
    how: { forge?: 'signature' | 'msg_signature' | 'appid' | 'ciphertext'; at?: Date; nonce?: string } = {},
  ): Promise<{ status: number; body: string; nonce: string; timestamp: string }> {
    const timestamp = String(Math.floor((how.at ?? this.options.now()).getTime() / 1000));
    const nonce = how.nonce ?? String(randomBytes(5).readUInt32BE(0));
    const key = event.scene === undefined ? '' : event.event === 'subscribe' ? `qrscene_${event.scene}` : event.scene;
    if (event.event === 'unsubscribe') this.unsubscribed.add(event.openid);
    if (event.event === 'subscribe') this.unsubscribed.delete(event.openid);
    const message = `<xml><ToUserName>${cdata(this.options.account ?? 'gh_0123456789ab')}</ToUserName><FromUserName>${cdata(event.openid)}</FromUserName><CreateTime>${timestamp}</CreateTime><MsgType>${cdata('event')}</MsgType><Event>${cdata(event.event)}</Event><EventKey>${cdata(key)}</EventKey>${event.scene !== undefined ? `<Ticket>${cdata('gQ-ticket')}</Ticket>` : ''}</xml>`;
    let signature = sha1([this.options.token, timestamp, nonce]);
    if (how.forge === 'signature') signature = sha1(['not-the-token', timestamp, nonce]);
    const query = new URLSearchParams({ signature, timestamp, nonce, openid: event.openid });
    let body = message;
    if (this.options.aesKey) {
      let encrypted = this.encrypt(message, how.forge === 'appid' ? 'wx00000000000000ff' : this.options.appId);
      if (how.forge === 'ciphertext') {
        // one byte changed in the last block: its padding and the AppID's end come out as noise
        const bytes = Buffer.from(encrypted, 'base64');
        bytes.writeUInt8(bytes.readUInt8(bytes.length - 5) ^ 0x5a, bytes.length - 5);
        encrypted = bytes.toString('base64');
      }
      const msgSignature = how.forge === 'msg_signature' ? sha1([this.options.token, timestamp, nonce, `${encrypted}x`]) : sha1([this.options.token, timestamp, nonce, encrypted]);
      query.set('encrypt_type', 'aes');
      query.set('msg_signature', msgSignature);
      body = `<xml><ToUserName>${cdata(this.options.account ?? 'gh_0123456789ab')}</ToUserName><Encrypt>${cdata(encrypted)}</Encrypt></xml>`;
    }
    const answer = await fetch(`${callbackUrl}?${query}`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body });
    return { status: answer.status, body: await answer.text(), nonce, timestamp };
  }

  /** The URL check WeChat makes when 服务器配置 is saved: GET with echostr. */
  async verifyUrl(callbackUrl: string, how: { forge?: boolean } = {}) {
    const timestamp = String(Math.floor(this.options.now().getTime() / 1000));
    const nonce = String(randomBytes(5).readUInt32BE(0));
    const signature = sha1([how.forge ? 'wrong' : this.options.token, timestamp, nonce]);
    const answer = await fetch(`${callbackUrl}?${new URLSearchParams({ signature, timestamp, nonce, echostr: '5837397520142939473' })}`);
    return { status: answer.status, body: await answer.text() };
  }
}
