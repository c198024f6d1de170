import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgreementKind } from '@lab/contract';
import { adminAgreements } from './admin-agreements';
import { contentKeys } from './keys';

/** Every published version of one agreement, newest first. */
export const agreementVersionsQueryOptions = (kind: AgreementKind) => queryOptions({ queryKey: contentKeys.agreements(kind), queryFn: () => adminAgreements.versions({ kind }) });
export const useAgreementVersions = (kind: AgreementKind) => useQuery(agreementVersionsQueryOptions(kind));
