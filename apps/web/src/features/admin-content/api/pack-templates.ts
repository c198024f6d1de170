import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PackTemplateView } from '@lab/contract';
import type { adminPackTemplates as table } from '@lab/contract/content/pack-template-calls';
import routes from 'virtual:calls/adminPackTemplates';
import { bindStaffCalls } from '../../../api/staff-client';
import { adminKey } from '../../../lib/admin-api';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** 系统 → 报销模板 */
export const adminPackTemplates = bindStaffCalls<typeof table>(routes);

const key = [...adminKey, 'pack-templates'] as const;

/** the form's fields as sent (amounts in yuan text; the contract's schema reads them) */
export type PackTemplateForm = { key: PackTemplateView['key']; name: string; rule: string; contract_from: string; proof_from: string };

/** POST /api/admin/packTemplate/list */
export const usePackTemplates = () => useQuery({ queryKey: key, queryFn: () => adminPackTemplates.list() });

/** POST /api/admin/packTemplate/save */
export function useSavePackTemplate() {
  const client = useQueryClient();
  return useApiMutation({
    mutationFn: (body: PackTemplateForm) => adminPackTemplates.save(body),
    onSuccess: (saved) => {
      client.setQueryData<PackTemplateView[]>(key, (list) => list?.map((t) => (t.key === saved.key ? saved : t)));
      feedback.success('报销模板已保存');
    },
  });
}
