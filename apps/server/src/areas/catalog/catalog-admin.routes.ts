import { calls } from '@lab/contract/calls';
import type { AdminServiceChild, AdminServiceGroup } from '@lab/contract';
import { audit } from '../../platform/audit';
import { said, serve } from '../../platform/calls';
import { serviceChildAudit, serviceGroupAudit, serviceItemAudit } from './catalog-admin.audit';
import { addServiceChild, addServiceGroup, deleteServiceChild, deleteServiceGroup, listServiceGroups, updateServiceChild, updateServiceGroup } from './catalog-groups-admin.service';
import { getItemMethods, itemMethodsAudit, saveItemMethods } from './item-methods.service';
import { addServiceItem, editServiceItem, getServiceItem, listServiceItems, publishServiceItem } from './catalog-items-admin.service';

const read = { readOnly: true } as const;

/** The catalogue in the back office (contract/calls/admin-catalog.ts): groups and sub-types, items with options and prices. */
export const catalogAdminRoutes = serve(calls.adminCatalog, {
  // ---- groups (分类) ----
  groups: { handler: ({ db, deps, body }) => listServiceGroups(db, body, deps.config.FILE_HOST), config: read },
  addGroup: {
    handler: ({ db, deps, body }) => addServiceGroup(db, body, deps.config.FILE_HOST),
    config: { audit: audit<unknown, AdminServiceGroup>(serviceGroupAudit, 'catalog.group.add', '新增服务分类', null, (data) => data.id) },
  },
  editGroup: {
    handler: ({ db, deps, body }) => updateServiceGroup(db, body, deps.config.FILE_HOST),
    config: { audit: audit<{ id: number }>(serviceGroupAudit, 'catalog.group.update', '修改服务分类', (body) => body.id) },
  },
  removeGroup: {
    handler: async ({ db, body }) => {
      await deleteServiceGroup(db, body.id);
      return null;
    },
    config: { audit: audit<{ id: number }>(serviceGroupAudit, 'catalog.group.delete', '删除服务分类', (body) => body.id) },
  },

  // ---- sub-types (子类) ----
  addChild: {
    handler: ({ db, body }) => addServiceChild(db, body),
    config: { audit: audit<unknown, AdminServiceChild>(serviceChildAudit, 'catalog.child.add', '新增服务子类', null, (data) => data.id) },
  },
  editChild: {
    handler: ({ db, body }) => updateServiceChild(db, body),
    config: { audit: audit<{ id: number }>(serviceChildAudit, 'catalog.child.update', '修改服务子类', (body) => body.id) },
  },
  removeChild: {
    handler: async ({ db, body }) => {
      await deleteServiceChild(db, body.id);
      return null;
    },
    config: { audit: audit<{ id: number }>(serviceChildAudit, 'catalog.child.delete', '删除服务子类', (body) => body.id) },
  },

  // ---- items (服务项目) ----
  items: { handler: ({ db, deps, body }) => listServiceItems(db, body, deps.config.FILE_HOST), config: read },
  item: { handler: ({ db, deps, body }) => getServiceItem(db, body.rid, deps.config.FILE_HOST), config: read },
  addItem: {
    handler: ({ db, body, now }) => addServiceItem(db, body, now),
    config: { audit: audit<unknown, { rid: string }>(serviceItemAudit, 'catalog.item.add', '新增服务项目', null, (data) => data.rid) },
  },
  editItem: {
    handler: ({ db, deps, body: { rid, ...input }, now }) => editServiceItem(db, rid, input, now, deps.config.FILE_HOST),
    config: { audit: audit<{ rid: string }>(serviceItemAudit, 'catalog.item.update', '修改服务项目', (body) => body.rid) },
  },
  publishItem: {
    handler: async ({ db, body, now }) => {
      const result = await publishServiceItem(db, body.rid, body.published, now);
      return said(result, result.published ? '服务项目已上架' : '服务项目已下架');
    },
    config: { audit: audit<{ rid: string }>(serviceItemAudit, 'catalog.item.publish', '上架/下架服务项目', (body) => body.rid) },
  },

  // ---- 仪器信息与条件表述 (论文方法与致谢) ----
  methods: { handler: ({ db, body }) => getItemMethods(db, body.rid), config: read },
  saveMethods: {
    handler: ({ db, staff, body, now }) => saveItemMethods(db, staff.id, body, now),
    config: { audit: audit<{ rid: string }>(itemMethodsAudit, 'catalog.item.methods', '修改仪器信息与条件表述', (body) => body.rid) },
  },
});
