import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Config } from './config';
import { smtpEmailProvider } from './email-smtp';
import { outboxEmailProvider, outboxSmsProvider, type EmailProvider, type SmsProvider } from './messaging';
import { aliyunSmsProvider, tencentSmsProvider } from './sms-vendors';

/**
 * The messaging providers the configuration chooses (README "Configuration"): the local ones
 * unless SMS_PROVIDER or EMAIL_PROVIDER name a real one (the file store: fileStoreFor). loadConfig has already
 * refused a real provider whose settings are missing, hence the non-null assertions.
 */
export function smsProviderFor(config: Config, db: Db, log: FastifyBaseLogger): SmsProvider {
  if (config.SMS_PROVIDER === 'aliyun') {
    return aliyunSmsProvider(
      {
        accessKeyId: config.ALIYUN_SMS_ACCESS_KEY_ID!,
        accessKeySecret: config.ALIYUN_SMS_ACCESS_KEY_SECRET!,
        signName: config.SMS_SIGN_NAME!,
        endpoint: config.ALIYUN_SMS_ENDPOINT,
        templates: config.smsTemplates,
      },
      log,
    );
  }
  if (config.SMS_PROVIDER === 'tencent') {
    return tencentSmsProvider(
      {
        secretId: config.TENCENT_SMS_SECRET_ID!,
        secretKey: config.TENCENT_SMS_SECRET_KEY!,
        sdkAppId: config.TENCENT_SMS_SDK_APP_ID!,
        signName: config.SMS_SIGN_NAME!,
        region: config.TENCENT_SMS_REGION,
        endpoint: config.TENCENT_SMS_ENDPOINT,
        templates: config.smsTemplates,
      },
      log,
    );
  }
  return outboxSmsProvider(db, log);
}

export function emailProviderFor(config: Config, db: Db, log: FastifyBaseLogger): EmailProvider {
  if (config.EMAIL_PROVIDER === 'smtp') return smtpEmailProvider({ url: config.SMTP_URL!, from: config.MAIL_FROM! }, log);
  return outboxEmailProvider(db, log);
}
