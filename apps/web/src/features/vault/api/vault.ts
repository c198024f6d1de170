import type { vault as table, vaultOpen as openTable } from '@lab/contract/vault/calls';
import routes from 'virtual:calls/vault';
import openRoutes from 'virtual:calls/vaultOpen';
import { downloadFile } from '../../../lib/download';
import { bindCalls } from '../../../api/client';

/** 个人中心 → 数据保管箱 */
export const vault = bindCalls<typeof table>(routes, downloadFile);
/** the share page a co-author opens without an account */
export const vaultOpen = bindCalls<typeof openTable>(openRoutes, downloadFile);
