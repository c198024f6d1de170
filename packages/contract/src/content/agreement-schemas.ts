import { z } from 'zod';
import { agreementKindField, agreementVersion } from '../accounts/agreement-schemas';
import { requiredText } from '../common';

export const AGREEMENT_BODY_MAX = 60_000;
/** 发布新版本: the text and what changed (shown to members asked again); in force once published. */
export const agreementPublishBody = z.object({
  kind: agreementKindField,
  title: requiredText('标题', 60),
  body: requiredText('正文', AGREEMENT_BODY_MAX),
  summary: requiredText('更新说明', 500),
});
export type AgreementPublishBody = z.infer<typeof agreementPublishBody>;

export const adminAgreementVersion = agreementVersion.extend({ id: z.number().int(), publishedBy: z.string().nullable() });
export type AdminAgreementVersion = z.infer<typeof adminAgreementVersion>;
