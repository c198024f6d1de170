import type { catalog as table } from '@lab/contract/catalog/calls';
import routes from 'virtual:calls/catalog';
import { bindCalls } from '../../../api/client';

/** 公开的服务目录：首页数据、分类、项目列表与详情 */
export const catalog = bindCalls<typeof table>(routes);
