import { z } from 'zod';
import { agreementKindField, agreementVersion } from '../accounts/agreement-schemas';
import { optionalText, requiredText } from '../common';

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

/** 保存草稿: any part may still be empty; the draft is not in force and members never see it. */
export const agreementDraftBody = z.object({
  kind: agreementKindField,
  title: optionalText('标题', 60),
  summary: optionalText('更新说明', 500),
  body: optionalText('正文', AGREEMENT_BODY_MAX),
});
export type AgreementDraftBody = z.infer<typeof agreementDraftBody>;

/** The kind's saved draft (null: none), with who saved it and when. */
export const agreementDraftView = z.object({
  kind: agreementKindField,
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  savedBy: z.string().nullable(),
  savedAt: z.string(),
});
export type AgreementDraft = z.infer<typeof agreementDraftView>;
