import { z } from 'zod';
import { call, resource } from '../call';
import { pageOf } from '../common';
import { adminSearchMiss, adminSynonym, searchMissListBody, searchMissQueryBody, synonymAddBody, synonymIdBody, synonymListBody, synonymUpdateBody } from './search-schemas';

/** 后台 → 目录管理 → 搜索词 (admin): groups of words that mean the same, and the queries that found nothing. */
export const adminSearchWords = resource('adminSearchWords', {
  synonyms: call({
    method: 'POST',
    path: '/api/admin/catalog/synonym/list',
    who: ['admin'],
    summary: '搜索同义词组列表',
    description: '按最近修改排列；关键词筛选组内的词。',
    body: synonymListBody,
    data: pageOf(adminSynonym),
  }),
  addSynonym: call({
    method: 'POST',
    path: '/api/admin/catalog/synonym/add',
    who: ['admin'],
    summary: '新增同义词组',
    description: '立即对所有实例的搜索生效；一个词只能在一组中。',
    body: synonymAddBody,
    data: adminSynonym,
    done: '同义词组已添加',
  }),
  editSynonym: call({ method: 'POST', path: '/api/admin/catalog/synonym/update', who: ['admin'], summary: '修改同义词组', body: synonymUpdateBody, data: adminSynonym, done: '同义词组已保存' }),
  removeSynonym: call({ method: 'POST', path: '/api/admin/catalog/synonym/delete', who: ['admin'], summary: '删除同义词组', body: synonymIdBody, data: z.null(), done: '同义词组已删除' }),
  misses: call({
    method: 'POST',
    path: '/api/admin/catalog/search-miss/list',
    who: ['admin'],
    summary: '无结果的搜索',
    description: '访客搜索后一个项目也没找到的词（已归一化），按次数排列；最多保留 2000 个。',
    body: searchMissListBody,
    data: pageOf(adminSearchMiss),
  }),
  removeMiss: call({
    method: 'POST',
    path: '/api/admin/catalog/search-miss/delete',
    who: ['admin'],
    summary: '移除无结果的搜索词',
    description: '已处理（加了同义词或服务）后从列表移除。',
    body: searchMissQueryBody,
    data: z.null(),
    done: '已从列表移除',
  }),
});
