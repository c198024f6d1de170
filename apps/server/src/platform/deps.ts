import type { Db } from '../db/client';
import type { Config } from './config';
import type { Clock } from './clock';
import type { EmailProvider, SmsProvider } from './messaging';
import type { FileStore } from './providers/file-store';
import type { SecretBox } from './secret-box';
import type { JobQueue } from './job-queue';
import type { Deliverers } from './outbox';
import type { PaymentProviders } from './providers';
import type { DocumentSeal } from './providers/document-seal';
import type { WechatMp } from './providers/wechat-mp';

/** What every route module is given at app start (app.ts builds it once). */
export interface AppDeps {
  db: Db;
  config: Config;
  clock: Clock;
  sms: SmsProvider;
  email: EmailProvider;
  /** uploaded files: local disk or S3 (platform/providers/file-store.ts) */
  files: FileStore;
  /** seals the secrets the server reads back (staff TOTP secrets) */
  secrets: SecretBox;
  /** the background job queue; null where no jobs run (the tests' apps): queued messages then stay queued */
  jobs: JobQueue | null;
  /** the providers that deliver what the outbox queued (platform/outbox.ts); `sms` and `email` above queue */
  deliverers: Deliverers;
  /** online payment: one provider per vendor (platform/providers/index.ts paymentProvidersFor; the local gateway by default) */
  payments: PaymentProviders;
  /** the lab's certificate and the documents' font (platform/providers/document-seal.ts: LAB_SEAL_P12, or a demo certificate) */
  seal: DocumentSeal;
  /** the WeChat official account (WECHAT_MP_APPID…), or null: the local stand-in (platform/providers/wechat-mp.ts) */
  wechat: WechatMp | null;
}
