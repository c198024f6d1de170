import { useQueryClient } from '@tanstack/react-query';
import type { ReportFile } from '@lab/contract';
import { adminOrders } from './admin-orders';
import { orderKeys } from './keys';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** The server's limit for one report file (pdf, png, jpg or zip, checked by content). */
export const REPORT_MAX_BYTES = 50 * 1024 * 1024;
export const REPORT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.zip';

export function reportFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.(pdf|png|jpe?g|zip)$/i.test(file.name)) return '仅支持 PDF、PNG、JPG 或 ZIP 文件';
  if (file.size > REPORT_MAX_BYTES) return '报告文件不能超过50MB';
  return null;
}

/** POST /api/admin/orders/report/upload (multipart: order_no, then the file) — answers the order's report list. */
export function uploadReport(orderNo: string, file: File) {
  const form = new FormData();
  form.append('order_no', orderNo);
  form.append('file', file);
  return adminOrders.uploadReport(form);
}

/** POST /api/admin/orders/report/delete — only while testing. */
export const deleteReport = (orderNo: string, id: string) => adminOrders.deleteReport({ order_no: orderNo, id });

/** GET /api/admin/orders/report — the file, saved under its name. */
export const downloadReport = (orderNo: string, report: ReportFile) => adminOrders.report({ order_no: orderNo, id: report.id }, report.name);

/** Uploading or deleting a report refreshes the order it belongs to. */
export function useReportChange<A extends { orderNo: string }>(run: (args: A) => Promise<ReportFile[]>) {
  const client = useQueryClient();
  return useApiMutation({
    mutationFn: run,
    onSuccess: (_reports, args) => client.invalidateQueries({ queryKey: orderKeys.detail(args.orderNo) }),
  });
}
