import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Config } from './config';
import { smtpEmailProvider } from './email-smtp';
import { localFileStore, s3FileStore, type FileStore } from './file-store';
import { outboxEmailProvider, outboxSmsProvider, type EmailProvider, type SmsProvider } from './messaging';
import { aliyunSmsProvider, tencentSmsProvider } from './sms-vendors';

/**
 * The outside services the configuration chooses (README "Configuration"): the local providers
 * unless SMS_PROVIDER, EMAIL_PROVIDER or FILE_STORAGE name a real one. loadConfig has already
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

/** With S3, the files still on local disk (uploaded before the switch) stay readable until copied. */
export function fileStoreFor(config: Config): FileStore {
  const local = localFileStore(config.dataDir);
  if (config.FILE_STORAGE !== 's3') return local;
  return s3FileStore(
    {
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
      urlExpiresSeconds: config.S3_URL_EXPIRES,
    },
    local,
  );
}
