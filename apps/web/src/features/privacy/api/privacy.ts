import type { privacy as table } from '@lab/contract/privacy/calls';
import routes from 'virtual:calls/privacy';
import { downloadFile } from '../../../lib/download';
import { bindCalls } from '../../../api/client';

/** 个人中心 → 个人信息与隐私: 概览、下载我的数据、注销账号 */
export const privacy = bindCalls<typeof table>(routes, downloadFile);
