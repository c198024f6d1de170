import type { RebateStatus } from '@lab/contract';

/** 500 basis points → '5%', 250 → '2.5%'. */
export const formatRate = (rateBp: number) => `${Number((rateBp / 100).toFixed(2))}%`;

export const rebateStatusColor: Record<RebateStatus, string> = { frozen: 'orange', withdrawable: 'green', reversed: 'default' };
