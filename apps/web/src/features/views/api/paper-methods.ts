import { useQuery } from '@tanstack/react-query';
import type { paperMethods as table } from '@lab/contract/views/paper-methods-calls';
import routes from 'virtual:calls/paperMethods';
import { bindCalls } from '../../../api/client';
import { downloadFile } from '../../../lib/download';

/** 论文方法与致谢 of my delivered order: the text, and the same as .txt and .docx. */
export const paperMethods = bindCalls<typeof table>(routes, downloadFile);

/** POST /api/auth/order/methods — asked for only when the member opens the panel. */
export const usePaperMethods = (orderNo: string, enabled: boolean) =>
  useQuery({ queryKey: ['member', 'paper-methods', orderNo], queryFn: () => paperMethods.get({ order_no: orderNo }), enabled });

export const downloadMethods = (orderNo: string, kind: 'txt' | 'docx', draft: boolean) =>
  paperMethods[kind]({ order_no: orderNo }, `论文方法与致谢-${orderNo}${draft ? '-草稿' : ''}.${kind}`);
