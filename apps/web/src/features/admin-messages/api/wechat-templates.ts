import { useQuery } from '@tanstack/react-query';
import type { SaveWechatTemplateBody } from '@lab/contract';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { feedback } from '../../../lib/feedback';
import { adminMessages } from './admin-messages';
import { messageKeys } from './keys';

/** POST /api/admin/messages/wechatTemplates — each service notice's official-account template. */
export const useWechatTemplates = () => useQuery({ queryKey: messageKeys.wechatTemplates, queryFn: () => adminMessages.wechatTemplates() });

/** POST /api/admin/messages/wechatTemplates/save */
export const useSaveWechatTemplate = () =>
  useApiMutation({
    mutationFn: (body: SaveWechatTemplateBody) => adminMessages.saveWechatTemplate(body),
    invalidates: [messageKeys.wechatTemplates],
    onSuccess: () => feedback.success('已保存模板设置'),
  });
