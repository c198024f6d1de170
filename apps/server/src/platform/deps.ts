import type { Db } from '../db/client';
import type { Config } from './config';
import type { Clock } from './clock';
import type { EmailProvider, SmsProvider } from './messaging';
import type { FileStore } from './file-store';
import type { SecretBox } from './secret-box';

/** What every route module is given at app start (app.ts builds it once). */
export interface AppDeps {
  db: Db;
  config: Config;
  clock: Clock;
  sms: SmsProvider;
  email: EmailProvider;
  /** uploaded files: local disk or S3 (platform/file-store.ts) */
  files: FileStore;
  /** seals the secrets the server reads back (staff TOTP secrets) */
  secrets: SecretBox;
}
