import type { Agent } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type * as AliyunSms from '@alicloud/dysmsapi20170525';
import type * as AliyunCore from '@alicloud/openapi-core';
import type * as TencentSms from 'tencentcloud-sdk-nodejs-sms';
import type { SmsTemplate } from '../config';
import { failed, sent, type SendResult, type SmsMessage, type SmsProvider } from '../messaging';

/*
 * Both SDKs are CommonJS built by TypeScript: an ES module importing them gets module.exports as
 * its default (the client class is at `.default` of that), while a bundler-style runner unwraps
 * it. `require` gives the same object everywhere.
 */
const require = createRequire(import.meta.url);
const aliyun = require('@alicloud/dysmsapi20170525') as typeof AliyunSms;
const aliyunCore = require('@alicloud/openapi-core') as typeof AliyunCore;
const tencent = require('tencentcloud-sdk-nodejs-sms') as typeof TencentSms;

/** A vendor's endpoint as configured: a host name (HTTPS), or a URL naming its scheme (a local peer). */
function endpointOf(value: string): { protocol: 'http' | 'https'; host: string } {
  if (!/^https?:\/\//i.test(value)) return { protocol: 'https', host: value };
  const url = new URL(value);
  return { protocol: url.protocol === 'http:' ? 'http' : 'https', host: url.host };
}

/**
 * The message's parameters as a template takes them: the ones its setting lists, in that order,
 * or all of them in the order the service wrote them. Vendors take text only.
 */
function templateParams(template: SmsTemplate, message: SmsMessage): Array<[string, string]> {
  const names = template.params ?? Object.keys(message.params);
  return names.map((name) => [name, String(message.params[name] ?? '')]);
}

/** The setting for a kind of message, or the failure that says which setting is missing. */
function templateOf(templates: Record<string, SmsTemplate>, provider: string, message: SmsMessage): SmsTemplate | SendResult {
  return templates[message.template.toLowerCase()] ?? failed(provider, 'NO_TEMPLATE', `短信模板未配置: SMS_TEMPLATE_${message.template.toUpperCase()}`);
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function logged(log: FastifyBaseLogger, message: SmsMessage, result: SendResult): SendResult {
  if (result.ok) log.info({ sms: { phone: message.phone, template: message.template, provider: result.provider, id: result.id } }, 'sms sent');
  else log.warn({ sms: { phone: message.phone, template: message.template, provider: result.provider, code: result.code, error: result.error } }, 'sms send failed');
  return result;
}

export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** dysmsapi.aliyuncs.com, or a URL (http://127.0.0.1:port for a local peer) */
  endpoint: string;
  templates: Record<string, SmsTemplate>;
}

/**
 * Aliyun SMS (SendSms, API 2017-05-25) through its SDK, which signs with ACS3-HMAC-SHA256.
 * The vendor answers a refused message with HTTP 200 and a Code other than OK
 * (isv.BUSINESS_LIMIT_CONTROL, isv.MOBILE_NUMBER_ILLEGAL…); the SDK throws for the rest
 * (a bad signature or key, the network).
 */
export function aliyunSmsProvider(settings: AliyunSmsSettings, log: FastifyBaseLogger): SmsProvider {
  const { protocol, host } = endpointOf(settings.endpoint);
  const client = new aliyun.default(
    new aliyunCore.$OpenApiUtil.Config({
      accessKeyId: settings.accessKeyId,
      accessKeySecret: settings.accessKeySecret,
      endpoint: host,
      protocol,
      connectTimeout: 5000,
      readTimeout: 10_000,
    }),
  );
  const name = 'aliyun';
  return {
    name,
    async send(message) {
      const template = templateOf(settings.templates, name, message);
      if ('ok' in template) return logged(log, message, template);
      const request = new aliyun.SendSmsRequest({
        phoneNumbers: message.phone,
        signName: settings.signName,
        templateCode: template.id,
        templateParam: JSON.stringify(Object.fromEntries(templateParams(template, message))),
      });
      try {
        const body = (await client.sendSms(request)).body;
        if (body?.code === 'OK') return logged(log, message, sent(name, body.bizId ?? null));
        return logged(log, message, failed(name, body?.code ?? null, body?.message ?? '短信平台未说明原因'));
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        return logged(log, message, failed(name, typeof code === 'string' ? code : null, errorText(error)));
      }
    },
  };
}

export interface TencentSmsSettings {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  region: string;
  /** sms.tencentcloudapi.com, or a URL naming its scheme */
  endpoint: string;
  templates: Record<string, SmsTemplate>;
  /** the connections' agent (a proxy; the tests route them to a local peer) */
  agent?: Agent;
}

/** A mainland number in the E.164 form Tencent Cloud asks for. */
const e164 = (phone: string) => (phone.startsWith('+') ? phone : `+86${phone}`);

/**
 * Tencent Cloud SMS (SendSms, API 2021-01-11) through its SDK, which signs with TC3-HMAC-SHA256.
 * The answer has one SendStatusSet entry per number: Code "Ok" is sent, anything else
 * (LimitExceeded.PhoneNumberDailyLimit…) is the refusal; the SDK throws for request-level
 * errors (AuthFailure.SignatureFailure, the network).
 */
export function tencentSmsProvider(settings: TencentSmsSettings, log: FastifyBaseLogger): SmsProvider {
  const { protocol, host } = endpointOf(settings.endpoint);
  const client = new tencent.sms.v20210111.Client({
    credential: { secretId: settings.secretId, secretKey: settings.secretKey },
    region: settings.region,
    profile: { httpProfile: { endpoint: host, protocol: `${protocol}://`, reqTimeout: 10, ...(settings.agent ? { agent: settings.agent } : {}) } },
  });
  const name = 'tencent';
  return {
    name,
    async send(message) {
      const template = templateOf(settings.templates, name, message);
      if ('ok' in template) return logged(log, message, template);
      try {
        const answer = await client.SendSms({
          SmsSdkAppId: settings.sdkAppId,
          SignName: settings.signName,
          TemplateId: template.id,
          PhoneNumberSet: [e164(message.phone)],
          TemplateParamSet: templateParams(template, message).map(([, value]) => value),
        });
        const status = answer.SendStatusSet?.[0];
        if (!status) return logged(log, message, failed(name, null, '短信平台未返回发送结果'));
        if (status.Code === 'Ok') return logged(log, message, sent(name, status.SerialNo ?? null));
        return logged(log, message, failed(name, status.Code ?? null, status.Message ?? '短信平台未说明原因'));
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        return logged(log, message, failed(name, typeof code === 'string' && code ? code : null, errorText(error)));
      }
    },
  };
}
