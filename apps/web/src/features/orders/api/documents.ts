import type { documents as table } from '@lab/contract/orders/document-calls';
import routes from 'virtual:calls/documents';
import { downloadFile } from '../../../lib/download';
import { bindCalls } from '../../../api/client';

/** Sealed documents: an order's 测试明细清单 and 缴费通知书, and the public /verify page. */
export const documents = bindCalls<typeof table>(routes, downloadFile);
