import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  serviceChildAddBody,
  serviceChildIdBody,
  serviceChildUpdateBody,
  serviceGroupAddBody,
  serviceGroupIdBody,
  serviceGroupListBody,
  serviceGroupUpdateBody,
  serviceItemBody,
  serviceItemListBody,
  serviceItemPublishBody,
  serviceItemRidBody,
  serviceItemUpdateBody,
  type AdminServiceChild,
  type AdminServiceGroup,
} from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { audit } from '../../platform/audit';
import { ok } from '../../platform/envelope';
import {
  addServiceChild,
  addServiceGroup,
  addServiceItem,
  deleteServiceChild,
  deleteServiceGroup,
  editServiceItem,
  getServiceItem,
  listServiceGroups,
  listServiceItems,
  publishServiceItem,
  serviceChildAudit,
  serviceGroupAudit,
  serviceItemAudit,
  updateServiceChild,
  updateServiceGroup,
} from './catalog-admin.service';

const admin = { roles: ['admin'] } as const;

/** The catalogue in the back office (admin): service groups and sub-types, service items with options and prices. */
export async function catalogAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock, config } = deps;
  const fileHost = config.FILE_HOST;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => clock.now();

  // ---- groups (分类) ----

  r.post('/api/admin/catalog/group/list', { schema: { body: serviceGroupListBody }, config: { ...admin, readOnly: true } }, async (request) =>
    ok(await listServiceGroups(db, request.body, fileHost)),
  );
  r.post(
    '/api/admin/catalog/group/add',
    {
      schema: { body: serviceGroupAddBody },
      config: { ...admin, audit: audit<unknown, AdminServiceGroup>(serviceGroupAudit, 'catalog.group.add', '新增服务分类', null, (data) => data.id) },
    },
    async (request) => ok(await addServiceGroup(request.db, request.body, fileHost), '分类已添加'),
  );
  r.post(
    '/api/admin/catalog/group/update',
    { schema: { body: serviceGroupUpdateBody }, config: { ...admin, audit: audit<{ id: number }>(serviceGroupAudit, 'catalog.group.update', '修改服务分类', (body) => body.id) } },
    async (request) => ok(await updateServiceGroup(request.db, request.body, fileHost), '分类已保存'),
  );
  r.post(
    '/api/admin/catalog/group/delete',
    { schema: { body: serviceGroupIdBody }, config: { ...admin, audit: audit<{ id: number }>(serviceGroupAudit, 'catalog.group.delete', '删除服务分类', (body) => body.id) } },
    async (request) => ok(await deleteServiceGroup(request.db, request.body.id), '分类已删除'),
  );

  // ---- sub-types (子类) ----

  r.post(
    '/api/admin/catalog/child/add',
    {
      schema: { body: serviceChildAddBody },
      config: { ...admin, audit: audit<unknown, AdminServiceChild>(serviceChildAudit, 'catalog.child.add', '新增服务子类', null, (data) => data.id) },
    },
    async (request) => ok(await addServiceChild(request.db, request.body), '子类已添加'),
  );
  r.post(
    '/api/admin/catalog/child/update',
    { schema: { body: serviceChildUpdateBody }, config: { ...admin, audit: audit<{ id: number }>(serviceChildAudit, 'catalog.child.update', '修改服务子类', (body) => body.id) } },
    async (request) => ok(await updateServiceChild(request.db, request.body), '子类已保存'),
  );
  r.post(
    '/api/admin/catalog/child/delete',
    { schema: { body: serviceChildIdBody }, config: { ...admin, audit: audit<{ id: number }>(serviceChildAudit, 'catalog.child.delete', '删除服务子类', (body) => body.id) } },
    async (request) => ok(await deleteServiceChild(request.db, request.body.id), '子类已删除'),
  );

  // ---- items (服务项目) ----

  r.post('/api/admin/catalog/item/list', { schema: { body: serviceItemListBody }, config: { ...admin, readOnly: true } }, async (request) =>
    ok(await listServiceItems(db, request.body, fileHost)),
  );
  r.post('/api/admin/catalog/item/detail', { schema: { body: serviceItemRidBody }, config: { ...admin, readOnly: true } }, async (request) =>
    ok(await getServiceItem(db, request.body.rid, fileHost)),
  );
  r.post(
    '/api/admin/catalog/item/add',
    {
      schema: { body: serviceItemBody },
      config: { ...admin, audit: audit<unknown, { rid: string }>(serviceItemAudit, 'catalog.item.add', '新增服务项目', null, (data) => data.rid) },
    },
    async (request) => ok(await addServiceItem(request.db, request.body, now()), '服务项目已添加并上架'),
  );
  r.post(
    '/api/admin/catalog/item/update',
    { schema: { body: serviceItemUpdateBody }, config: { ...admin, audit: audit<{ rid: string }>(serviceItemAudit, 'catalog.item.update', '修改服务项目', (body) => body.rid) } },
    async (request) => {
      const { rid, ...input } = request.body;
      return ok(await editServiceItem(request.db, rid, input, now(), fileHost), '服务项目已保存');
    },
  );
  r.post(
    '/api/admin/catalog/item/publish',
    { schema: { body: serviceItemPublishBody }, config: { ...admin, audit: audit<{ rid: string }>(serviceItemAudit, 'catalog.item.publish', '上架/下架服务项目', (body) => body.rid) } },
    async (request) => {
      const result = await publishServiceItem(request.db, request.body.rid, request.body.published, now());
      return ok(result, result.published ? '服务项目已上架' : '服务项目已下架');
    },
  );
}
