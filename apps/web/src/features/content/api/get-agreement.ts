import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgreementKind } from '@lab/contract';
import { agreements } from './agreements';
import { queryCall } from '../../../lib/query-transport';

const agreementKeys = {
  text: (kind: AgreementKind, version: number | undefined) => ['agreements', kind, version ?? 'current'] as const,
  versions: (kind: AgreementKind) => ['agreements', kind, 'versions'] as const,
};

/** GET /api/open/agreement: the current version (no `version`) or a numbered one. */
export const agreementQueryOptions = (kind: AgreementKind, version: number | undefined) =>
  queryOptions({
    queryKey: agreementKeys.text(kind, version),
    queryFn: (context) => agreements.current(version === undefined ? { kind } : { kind, version }, queryCall(context)),
  });

/** GET /api/open/agreement/versions: every version in force or past, newest first. */
export const agreementVersionsQueryOptions = (kind: AgreementKind) =>
  queryOptions({
    queryKey: agreementKeys.versions(kind),
    queryFn: (context) => agreements.versions({ kind }, queryCall(context)),
  });

export const useAgreement = (kind: AgreementKind, version: number | undefined) => useQuery(agreementQueryOptions(kind, version));
export const useAgreementVersions = (kind: AgreementKind) => useQuery(agreementVersionsQueryOptions(kind));
