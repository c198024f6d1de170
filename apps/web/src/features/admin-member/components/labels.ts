import { organizationLabels, type AttestationReviewStatus, type CommunityReviewStatus } from '@lab/contract';
import type { Tone } from '../../../components/admin/status-tag';

/** How the customers area shows its states: the contract's words, one colour per meaning. */

export const reviewTones: Record<AttestationReviewStatus, Tone> = { none: 'default', pending: 'warning', approved: 'success', refused: 'error' };
export const communityTones: Record<CommunityReviewStatus, Tone> = { pending: 'warning', approved: 'success', refused: 'error' };

/** 学生, 老师, 个人, 企业 in the order people think of them */
export const organizationOptions = [0, 3, 1, 2].map((value) => ({ value, label: organizationLabels[value] ?? String(value) }));
export const organizationColors: Record<number, string> = { 0: 'cyan', 3: 'geekblue', 1: 'default', 2: 'purple' };

export const organizationText = (value: number | null | undefined) => (value === null || value === undefined ? '未设置' : (organizationLabels[value] ?? '未知'));
