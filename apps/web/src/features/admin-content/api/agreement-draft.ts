import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgreementDraftBody, AgreementKind } from '@lab/contract';
import { adminAgreements } from './admin-agreements';
import { contentKeys } from './keys';

/** The agreement's saved draft (保存草稿), or null. */
export const agreementDraftQueryOptions = (kind: AgreementKind) => queryOptions({ queryKey: [...contentKeys.agreements(kind), 'draft'], queryFn: () => adminAgreements.draft({ kind }) });
export const useAgreementDraft = (kind: AgreementKind) => useQuery(agreementDraftQueryOptions(kind));

/** 保存草稿: the kind's one draft, replaced; not in force. */
export const saveAgreementDraft = (body: AgreementDraftBody) => adminAgreements.saveDraft(body);
