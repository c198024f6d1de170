import { createHash, createHmac } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { loadConfig } from '../config';
import { aliyunSmsProvider, tencentSmsProvider } from './sms-vendors';
import type { SmsMessage } from '../messaging';

/**
 * The Aliyun and Tencent Cloud SMS providers, each through the vendor's own SDK, against a local
 * HTTP server that plays the vendor: it recomputes the request's signature from the secret the
 * way the vendor documents it, reads the template, sign name, phone and parameters, and answers
 * as the vendor does (success, a business refusal, a bad signature).
 */
const log = pino({ level: 'silent' });
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

interface Seen {
  method: string;
  path: string;
  query: Array<[string, string]>;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local vendor: every request is recorded, and `answer` says what to send back. */
async function vendor(answer: (seen: Seen, reply: ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = http.createServer((request, reply) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://vendor');
      const entry = { method: request.method ?? '', path: url.pathname, query: [...url.searchParams.entries()], headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(entry);
      answer(entry, reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { seen, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const json = (reply: ServerResponse, status: number, body: unknown) => reply.writeHead(status, { 'content-type': 'application/json;charset=utf-8' }).end(JSON.stringify(body));

const code: SmsMessage = {
  phone: '13800138000',
  template: 'verify_code',
  params: { code: '482913', purpose: '注册', minutes: 5 },
  body: '【科研检测服务商城】您的注册验证码为482913，5分钟内有效，请勿泄露给他人。',
};

// ---------------------------------------------------------------------------------------------
// Aliyun: V3 signature, ACS3-HMAC-SHA256 (help.aliyun.com, "V3 版本请求体&签名机制")
// ---------------------------------------------------------------------------------------------

/** RFC 3986 percent-encoding, as the V3 canonical request asks (space %20, ~ kept). */
const percent = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The ACS3-HMAC-SHA256 signature of a received request, recomputed from the secret. */
function aliyunSignature(seen: Seen, secret: string): { expected: string; given: string; signedHeaders: string; accessKeyId: string } {
  const authorization = String(seen.headers.authorization ?? '');
  const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(authorization);
  if (!match) throw new Error(`not an ACS3-HMAC-SHA256 Authorization header: ${authorization}`);
  const [, accessKeyId, signedHeaders, given] = match as unknown as [string, string, string, string];
  // the signed headers: host, content-type and every x-acs-* header, by name
  const names = signedHeaders.split(';');
  expect(names).toEqual([...names].sort());
  const present = Object.keys(seen.headers).filter((name) => name === 'host' || name === 'content-type' || name.startsWith('x-acs-')).sort();
  expect(names).toEqual(present);
  const canonicalHeaders = names.map((name) => `${name}:${String(seen.headers[name]).trim()}\n`).join('');
  const canonicalQuery = seen.query
    .map(([name, value]) => [percent(name), percent(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const payloadHash = sha256(seen.body);
  expect(seen.headers['x-acs-content-sha256']).toBe(payloadHash);
  const canonicalRequest = [seen.method, seen.path, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const stringToSign = `ACS3-HMAC-SHA256\n${sha256(canonicalRequest)}`;
  return { expected: createHmac('sha256', secret).update(stringToSign).digest('hex'), given, signedHeaders, accessKeyId };
}

describe('Aliyun SMS (@alicloud/dysmsapi20170525)', () => {
  const secret = 'aliyun-test-secret-Ks9!';
  let peer: Awaited<ReturnType<typeof vendor>>;
  /** what the local vendor answers to the next SendSms */
  let refuse: null | { Code: string; Message: string } = null;

  beforeAll(async () => {
    peer = await vendor((seen, reply) => {
      const signature = aliyunSignature(seen, secret);
      if (signature.expected !== signature.given) {
        return json(reply, 400, { RequestId: 'R-SIG', Code: 'SignatureDoesNotMatch', Message: 'Specified signature does not match our calculation.' });
      }
      // a business refusal is HTTP 200 with the code (Aliyun's documented SendSms answers)
      if (refuse) return json(reply, 200, { RequestId: 'R-LIMIT', ...refuse });
      json(reply, 200, { RequestId: 'R-OK', Code: 'OK', Message: 'OK', BizId: '900619746936498440^0' });
    });
  });
  afterAll(() => peer.close());

  const provider = (accessKeySecret = secret) =>
    aliyunSmsProvider(
      {
        accessKeyId: 'LTAI-test-key',
        accessKeySecret,
        signName: '科研检测',
        endpoint: `http://127.0.0.1:${peer.port}`,
        templates: loadConfig({ SMS_TEMPLATE_VERIFY_CODE: 'SMS_154950909:code,minutes', SMS_TEMPLATE_ORDER_PAID: 'SMS_200000001' }).smsTemplates,
      },
      log,
    );

  it('sends SendSms signed with ACS3-HMAC-SHA256, with the kind\'s template, the sign name, the phone and the listed parameters', async () => {
    refuse = null;
    const result = await provider().send(code);
    expect(result).toEqual({ ok: true, provider: 'aliyun', id: '900619746936498440^0' });
    const request = peer.seen.at(-1)!;
    const signature = aliyunSignature(request, secret);
    expect(signature.given).toBe(signature.expected);
    expect(signature.accessKeyId).toBe('LTAI-test-key');
    expect(signature.signedHeaders.split(';')).toEqual(expect.arrayContaining(['host', 'x-acs-action', 'x-acs-version', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-content-sha256']));
    expect(request.method).toBe('POST');
    expect(request.headers['x-acs-action']).toBe('SendSms');
    expect(request.headers['x-acs-version']).toBe('2017-05-25');
    const query = Object.fromEntries(request.query);
    expect(query).toMatchObject({ PhoneNumbers: '13800138000', SignName: '科研检测', TemplateCode: 'SMS_154950909' });
    // only the parameters the template setting lists, as text
    expect(JSON.parse(query.TemplateParam!)).toEqual({ code: '482913', minutes: '5' });
  });

  it('a template without a list gets every parameter by name', async () => {
    refuse = null;
    await provider().send({ phone: '13900139000', template: 'order_paid', params: { orderNo: 'LAB2026', amount: '¥120.00' }, body: '…' });
    const query = Object.fromEntries(peer.seen.at(-1)!.query);
    expect(query.TemplateCode).toBe('SMS_200000001');
    expect(JSON.parse(query.TemplateParam!)).toEqual({ orderNo: 'LAB2026', amount: '¥120.00' });
  });

  it('a refusal (isv.BUSINESS_LIMIT_CONTROL) is a failed send with the vendor\'s message', async () => {
    refuse = { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发小时级流控Permits:5' };
    const result = await provider().send(code);
    expect(result).toEqual({ ok: false, provider: 'aliyun', code: 'isv.BUSINESS_LIMIT_CONTROL', error: '触发小时级流控Permits:5' });
  });

  it('a wrong secret: the vendor refuses the signature, a failed send', async () => {
    refuse = null;
    const result = await provider('not-the-secret').send(code);
    expect(result).toMatchObject({ ok: false, provider: 'aliyun', code: 'SignatureDoesNotMatch' });
  });

  it('a kind without a template is not sent, and says which setting is missing', async () => {
    const before = peer.seen.length;
    const result = await provider().send({ ...code, template: 'sample_returned' });
    expect(result).toMatchObject({ ok: false, code: 'NO_TEMPLATE', error: expect.stringContaining('SMS_TEMPLATE_SAMPLE_RETURNED') });
    expect(peer.seen.length).toBe(before);
  });
});

// ---------------------------------------------------------------------------------------------
// Tencent Cloud: TC3-HMAC-SHA256 (cloud.tencent.com, "签名方法 v3")
// ---------------------------------------------------------------------------------------------

function tencentSignature(seen: Seen, secretKey: string) {
  const authorization = String(seen.headers.authorization ?? '');
  const match = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]+)$/.exec(authorization);
  if (!match) throw new Error(`not a TC3-HMAC-SHA256 Authorization header: ${authorization}`);
  const [, secretId, date, service, signedHeaders, given] = match as unknown as [string, string, string, string, string, string];
  const timestamp = Number(seen.headers['x-tc-timestamp']);
  // the credential's date is the UTC day of the request's timestamp
  expect(new Date(timestamp * 1000).toISOString().slice(0, 10)).toBe(date);
  const names = signedHeaders.split(';');
  expect(names).toEqual(expect.arrayContaining(['content-type', 'host']));
  // header names and values in lower case, trimmed
  const canonicalHeaders = names.map((name) => `${name}:${String(seen.headers[name]).trim().toLowerCase()}\n`).join('');
  const canonicalRequest = [seen.method, '/', '', canonicalHeaders, signedHeaders, sha256(seen.body)].join('\n');
  const scope = `${date}/${service}/tc3_request`;
  const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${sha256(canonicalRequest)}`;
  const signing = hmac(hmac(hmac(`TC3${secretKey}`, date), service), 'tc3_request');
  return { expected: createHmac('sha256', signing).update(stringToSign).digest('hex'), given, secretId, service };
}

describe('Tencent Cloud SMS (tencentcloud-sdk-nodejs-sms)', () => {
  const secretKey = 'tencent-test-secret-key';
  let peer: Awaited<ReturnType<typeof vendor>>;
  let statusCode = 'Ok';
  /**
   * The SDK names the service after the endpoint's first label (sms.tencentcloudapi.com → sms);
   * the provider keeps the real host name and this agent takes its connections to the local peer.
   */
  class ToLocalPeer extends http.Agent {
    override createConnection() {
      return net.connect(peer.port, '127.0.0.1');
    }
  }

  beforeAll(async () => {
    peer = await vendor((seen, reply) => {
      const signature = tencentSignature(seen, secretKey);
      if (signature.expected !== signature.given) {
        return json(reply, 200, { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' }, RequestId: 'T-SIG' } });
      }
      const body = JSON.parse(seen.body) as { PhoneNumberSet: string[] };
      const status =
        statusCode === 'Ok'
          ? { SerialNo: '5000:1045710669157053657849499619', PhoneNumber: body.PhoneNumberSet[0], Fee: 1, SessionContext: '', Code: 'Ok', Message: 'send success', IsoCode: 'CN' }
          : { SerialNo: '', PhoneNumber: body.PhoneNumberSet[0], Fee: 0, SessionContext: '', Code: statusCode, Message: '单个手机号日下发短信条数超过设定的上限', IsoCode: 'CN' };
      json(reply, 200, { Response: { SendStatusSet: [status], RequestId: 'T-OK' } });
    });
  });
  afterAll(() => peer.close());

  const provider = (key = secretKey) =>
    tencentSmsProvider(
      {
        secretId: 'AKID-test',
        secretKey: key,
        sdkAppId: '1400006666',
        signName: '科研检测',
        region: 'ap-guangzhou',
        endpoint: 'http://sms.tencentcloudapi.com',
        templates: loadConfig({ SMS_TEMPLATE_VERIFY_CODE: '449739:code,minutes' }).smsTemplates,
        agent: new ToLocalPeer(),
      },
      log,
    );

  it('sends SendSms signed with TC3-HMAC-SHA256: app id, sign name, template, +86 phone, parameters in the template\'s order', async () => {
    statusCode = 'Ok';
    const result = await provider().send(code);
    expect(result).toEqual({ ok: true, provider: 'tencent', id: '5000:1045710669157053657849499619' });
    const request = peer.seen.at(-1)!;
    const signature = tencentSignature(request, secretKey);
    expect(signature.given).toBe(signature.expected);
    expect(signature).toMatchObject({ secretId: 'AKID-test', service: 'sms' });
    expect(request.headers).toMatchObject({ host: 'sms.tencentcloudapi.com', 'x-tc-action': 'SendSms', 'x-tc-version': '2021-01-11', 'x-tc-region': 'ap-guangzhou' });
    expect(JSON.parse(request.body)).toEqual({
      SmsSdkAppId: '1400006666',
      SignName: '科研检测',
      TemplateId: '449739',
      PhoneNumberSet: ['+8613800138000'],
      TemplateParamSet: ['482913', '5'],
    });
  });

  it('a number the vendor refuses (its SendStatusSet code) is a failed send with the vendor\'s message', async () => {
    statusCode = 'LimitExceeded.PhoneNumberDailyLimit';
    const result = await provider().send(code);
    expect(result).toEqual({ ok: false, provider: 'tencent', code: 'LimitExceeded.PhoneNumberDailyLimit', error: '单个手机号日下发短信条数超过设定的上限' });
  });

  it('a wrong secret key: the vendor refuses the signature, a failed send', async () => {
    statusCode = 'Ok';
    const result = await provider('not-the-key').send(code);
    expect(result).toMatchObject({ ok: false, provider: 'tencent', code: 'AuthFailure.SignatureFailure' });
  });
});

describe('choosing the providers (environment)', () => {
  it('the local providers are the default', () => {
    expect(loadConfig({})).toMatchObject({ SMS_PROVIDER: 'local', EMAIL_PROVIDER: 'local', FILE_STORAGE: 'local', smsTemplates: {} });
  });

  it('a real provider without its settings stops the start, naming what is missing', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', SMS_SIGN_NAME: '科研检测' })).toThrow('SMS_PROVIDER=aliyun 还需要 ALIYUN_SMS_ACCESS_KEY_ID、ALIYUN_SMS_ACCESS_KEY_SECRET');
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent' })).toThrow('TENCENT_SMS_SDK_APP_ID');
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://a:b@mail.example:587' })).toThrow('EMAIL_PROVIDER=smtp 还需要 MAIL_FROM');
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow('FILE_STORAGE=s3 还需要 S3_BUCKET');
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp', SMTP_URL: 'mail.example:25', MAIL_FROM: 'a@b.c' })).toThrow('SMTP_URL');
  });

  it('SMS_TEMPLATE_<KIND> names a template per kind, with or without its parameter list', () => {
    expect(loadConfig({ SMS_TEMPLATE_VERIFY_CODE: 'SMS_1:code,minutes', SMS_TEMPLATE_ORDER_PAID: '2000001', SMS_TEMPLATE_NOT_REGISTERED: 'SMS_3:' }).smsTemplates).toEqual({
      verify_code: { id: 'SMS_1', params: ['code', 'minutes'] },
      order_paid: { id: '2000001', params: null },
      not_registered: { id: 'SMS_3', params: [] },
    });
    expect(() => loadConfig({ SMS_TEMPLATE_VERIFY_CODE: 'SMS 1' })).toThrow('SMS_TEMPLATE_VERIFY_CODE');
  });
});
