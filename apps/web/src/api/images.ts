import type { images as table } from '@lab/contract/calls/admin-content';
import routes from 'virtual:calls/images';
import { bindCalls } from './client';

/** 后台 → 上传图片 */
export const images = bindCalls<typeof table>(routes);
