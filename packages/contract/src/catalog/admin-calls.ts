import { z } from 'zod';
import { call, resource } from '../call';
import { pageOf } from '../common';
import { adminServiceChild, adminServiceGroup, serviceChildAddBody, serviceChildIdBody, serviceChildUpdateBody, serviceGroupAddBody, serviceGroupIdBody, serviceGroupListBody, serviceGroupUpdateBody } from './admin-group-schemas';
import { adminItemMethods, itemMethodsBody } from './methods-schemas';
import { adminServiceItem, adminServiceItemRow, serviceItemBody, serviceItemCreated, serviceItemListBody, serviceItemPublishBody, serviceItemPublished, serviceItemRidBody, serviceItemUpdateBody } from './admin-item-schemas';

/** 后台 → 服务目录 (admin): the service groups and sub-types of the three types, and the service items. */
export const adminCatalog = resource('adminCatalog', {
  groups: call({
    method: 'POST',
    path: '/api/admin/catalog/group/list',
    who: ['admin'],
    summary: '服务分类列表',
    description: '三种服务类型的全部分类（含隐藏的），带子类与项目数。',
    body: serviceGroupListBody,
    data: z.array(adminServiceGroup),
  }),
  addGroup: call({ method: 'POST', path: '/api/admin/catalog/group/add', who: ['admin'], summary: '新增服务分类', body: serviceGroupAddBody, data: adminServiceGroup, done: '分类已添加' }),
  editGroup: call({ method: 'POST', path: '/api/admin/catalog/group/update', who: ['admin'], summary: '修改服务分类', body: serviceGroupUpdateBody, data: adminServiceGroup, done: '分类已保存' }),
  removeGroup: call({
    method: 'POST',
    path: '/api/admin/catalog/group/delete',
    who: ['admin'],
    summary: '删除服务分类',
    description: '只能删除没有服务项目的分类。',
    body: serviceGroupIdBody,
    data: z.null(),
    done: '分类已删除',
  }),
  addChild: call({ method: 'POST', path: '/api/admin/catalog/child/add', who: ['admin'], summary: '新增服务子类', body: serviceChildAddBody, data: adminServiceChild, done: '子类已添加' }),
  editChild: call({ method: 'POST', path: '/api/admin/catalog/child/update', who: ['admin'], summary: '修改服务子类', body: serviceChildUpdateBody, data: adminServiceChild, done: '子类已保存' }),
  removeChild: call({
    method: 'POST',
    path: '/api/admin/catalog/child/delete',
    who: ['admin'],
    summary: '删除服务子类',
    description: '只能删除没有服务项目使用的子类。',
    body: serviceChildIdBody,
    data: z.null(),
    done: '子类已删除',
  }),
  items: call({
    method: 'POST',
    path: '/api/admin/catalog/item/list',
    who: ['admin'],
    summary: '服务项目列表',
    description: '含未上架的项目；服务端筛选、排序与分页。',
    body: serviceItemListBody,
    data: pageOf(adminServiceItemRow),
  }),
  item: call({ method: 'POST', path: '/api/admin/catalog/item/detail', who: ['admin'], summary: '服务项目详情', body: serviceItemRidBody, data: adminServiceItem }),
  addItem: call({
    method: 'POST',
    path: '/api/admin/catalog/item/add',
    who: ['admin'],
    summary: '新增服务项目',
    description: '新增即上架，答新项目的编号。',
    body: serviceItemBody,
    data: serviceItemCreated,
    done: '服务项目已添加并上架',
  }),
  editItem: call({ method: 'POST', path: '/api/admin/catalog/item/update', who: ['admin'], summary: '修改服务项目', body: serviceItemUpdateBody, data: adminServiceItem, done: '服务项目已保存' }),
  publishItem: call({
    method: 'POST',
    path: '/api/admin/catalog/item/publish',
    who: ['admin'],
    summary: '上架或下架服务项目',
    description: '服务项目不删除，只下架；提示语为“服务项目已上架”或“服务项目已下架”。',
    body: serviceItemPublishBody,
    data: serviceItemPublished,
  }),
  methods: call({
    method: 'POST',
    path: '/api/admin/catalog/item/methods',
    who: ['admin'],
    summary: '仪器信息与条件表述',
    description: '论文方法与致谢所用：仪器品牌、型号、制造商、产地、软件（中英文），以及每个选项值的条件表述。',
    body: serviceItemRidBody,
    data: adminItemMethods,
  }),
  saveMethods: call({
    method: 'POST',
    path: '/api/admin/catalog/item/methods/save',
    who: ['admin'],
    summary: '保存仪器信息与条件表述',
    description: '英文内容不能含中文字符；条件表述须对应项目现有的选项值。',
    body: itemMethodsBody,
    data: adminItemMethods,
    done: '仪器信息已保存',
  }),
});
