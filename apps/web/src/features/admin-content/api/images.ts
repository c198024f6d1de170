import type { images as table } from '@lab/contract/content/admin-calls';
import routes from 'virtual:calls/images';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 上传图片 */
export const images = bindStaffCalls<typeof table>(routes);
