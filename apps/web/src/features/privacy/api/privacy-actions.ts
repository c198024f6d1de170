import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CloseAccountBody } from '@lab/contract';
import { privacy } from './privacy';
import { memberKeys } from '../../../api/query-keys';

/** under the member area's key, so every member change (memberDataKeys) reads the blockers again */
export const privacyKey = [...memberKeys.all, 'privacy'] as const;

/** The page's figures: blockers to closing, points, the last download. */
export const privacyOverviewQueryOptions = () => queryOptions({ queryKey: privacyKey, queryFn: () => privacy.overview() });
export const usePrivacyOverview = () => useQuery(privacyOverviewQueryOptions());

/** GET /api/auth/privacy/export?format=json|xlsx: 我的个人信息-<day>.json / .xlsx */
export const exportMyData = (format: 'json' | 'xlsx') => privacy.exportData({ format }, `我的个人信息.${format}`);

export const sendCloseCode = () => privacy.sendCloseCode();
export const closeAccount = (body: CloseAccountBody) => privacy.close(body);
