import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { adminOrderConditions as table } from '@lab/contract/orders/condition-calls';
import routes from 'virtual:calls/adminOrderConditions';
import { bindStaffCalls } from '../../../api/staff-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { orderKeys } from './keys';

/** 测试条件确认: the conditions each line was tested with (decisions/0058). */
export const adminOrderConditions = bindStaffCalls<typeof table>(routes);

const conditionsKey = (orderNo: string) => [...orderKeys.detail(orderNo), 'conditions'] as const;

/** POST /api/admin/orders/conditions */
export const useOrderConditions = (orderNo: string, enabled = true) => useQuery({ queryKey: conditionsKey(orderNo), queryFn: () => adminOrderConditions.get({ order_no: orderNo }), enabled });

export interface ConditionsInput {
  orderNo: string;
  lines: { rid: string; choices: Record<string, number>; noteZh: string; noteEn: string }[];
  creditMe: boolean;
  creditNameEn: string;
}

/** POST /api/admin/orders/conditions/confirm — the answer replaces the cached conditions; the order's timeline refreshes. */
export function useConfirmConditions() {
  const client = useQueryClient();
  return useApiMutation({
    mutationFn: (input: ConditionsInput) =>
      adminOrderConditions.confirm({ order_no: input.orderNo, lines: JSON.stringify(input.lines), credit_me: input.creditMe, ...(input.creditMe ? { credit_name_en: input.creditNameEn } : {}) }),
    onSuccess: (data) => {
      client.setQueryData(conditionsKey(data.orderNo), data);
      void client.invalidateQueries({ queryKey: orderKeys.detail(data.orderNo), exact: true });
    },
  });
}
