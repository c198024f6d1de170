import { z } from 'zod';
import { call, resource } from '../call';
import { deviceDetail, deviceDetailQuery, deviceSearchQuery, homeData, typeGroup, typeGroupQuery } from './schemas';
import { deviceSearchAnswer, deviceSuggestion, deviceSuggestQuery } from './search-schemas';

/** The public catalogue: the home page's data, the service groups, the item list and an item's page. */
export const catalog = resource('catalog', {
  home: call({
    method: 'GET',
    path: '/api/open/web/index',
    who: 'open',
    summary: '首页数据',
    description: '轮播图、服务分类、热门专区、热门项目、案例、论文致谢与合作机构。按内容版本缓存：带 ETag，浏览器带 If-None-Match 且内容未变时答 304。',
    data: homeData,
  }),
  typeGroups: call({
    method: 'GET',
    path: '/api/open/web/type/group',
    who: 'open',
    summary: '服务分类及子类',
    description: '不带 typeId 时为三种服务类型的全部分类。',
    query: typeGroupQuery,
    data: z.array(typeGroup),
  }),
  search: call({
    method: 'GET',
    path: '/api/open/web/device/search',
    who: 'open',
    summary: '搜索服务项目',
    description: '只含已上架的项目；可按服务类型、分类、子类与关键词筛选，分页。关键词按词匹配（中文分词、同义词、全角半角与大小写不分），答所匹配的词（用于高亮）；一个也没找到时答相近的技术。',
    query: deviceSearchQuery,
    data: deviceSearchAnswer,
  }),
  suggest: call({
    method: 'GET',
    path: '/api/open/web/device/suggest',
    who: 'open',
    summary: '搜索联想',
    description: '输入时的联想：技术（子类）、服务项目与同义词，最多 8 条。',
    query: deviceSuggestQuery,
    data: z.array(deviceSuggestion),
  }),
  detail: call({
    method: 'GET',
    path: '/api/open/web/device/detail',
    who: 'open',
    summary: '服务项目详情',
    description: '含选项与加价、样品要求、常见问题与相关项目。按内容版本缓存：带 ETag，未变时答 304。',
    query: deviceDetailQuery,
    data: deviceDetail,
  }),
});
