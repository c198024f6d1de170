import type { AgreementPublishBody } from '@lab/contract';
import { adminAgreements } from './admin-agreements';

/** 发布新版本: an immutable version n+1, in force at once. */
export const publishAgreement = (body: AgreementPublishBody) => adminAgreements.publish(body);
