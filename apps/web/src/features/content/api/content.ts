import type { content as table } from '@lab/contract/content/calls';
import routes from 'virtual:calls/content';
import { bindCalls } from '../../../api/client';

/** 公开的站点内容：文章、论文致谢、能力展示、页面、设置与咨询 */
export const content = bindCalls<typeof table>(routes);
