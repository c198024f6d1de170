import { organizationLabels, type AttestationReviewStatus, type CommunityReviewStatus } from '@lab/contract';
import type { Tone } from '../../../components/admin/status-tag';
import type { TableQuery } from '../../../components/admin/use-server-table';

/** How the customers area shows its states: the contract's words, one colour per meaning. */

export const reviewTones: Record<AttestationReviewStatus, Tone> = { none: 'default', pending: 'warning', approved: 'success', refused: 'error' };
export const communityTones: Record<CommunityReviewStatus, Tone> = { pending: 'warning', approved: 'success', refused: 'error' };

/** pending → approved | refused, as partner and paper-award applications say it */
export const applicationLabels = { pending: '待审核', approved: '已通过', refused: '未通过' } as const;
export const applicationTones: Record<keyof typeof applicationLabels, Tone> = { pending: 'warning', approved: 'success', refused: 'error' };

/** 学生, 老师, 个人, 企业 in the order people think of them */
export const organizationOptions = [0, 3, 1, 2].map((value) => ({ value, label: organizationLabels[value] ?? String(value) }));
export const organizationColors: Record<number, string> = { 0: 'cyan', 3: 'geekblue', 1: 'default', 2: 'purple' };

export const organizationText = (value: number | null | undefined) => (value === null || value === undefined ? '未设置' : (organizationLabels[value] ?? '未知'));

/**
 * The status filter of a review queue. The queue opens on 待审核; 'all' stands for every status
 * in the URL (an empty value would fall back to the default) and is never sent to the server.
 */
export const reviewFilterOptions = [
  { value: 'pending', label: '待审核' },
  { value: 'approved', label: '已通过' },
  { value: 'refused', label: '未通过' },
  { value: 'all', label: '全部' },
];

/** A queue's table query with its status filter as the server takes it. */
export const withStatus = (query: TableQuery): TableQuery => ({ ...query, status: query.status === 'all' ? undefined : query.status });
