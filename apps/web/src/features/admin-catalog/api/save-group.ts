import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminServiceChild, AdminServiceGroup } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { catalogKeys } from './keys';

export interface GroupFields {
  typeId: number;
  name: string;
  img: string;
  /** 'XRD|SEM' */
  tags: string;
  sort: number;
  visible: boolean;
}

const groupForm = (fields: GroupFields) => ({ ...fields, visible: fields.visible ? '1' : '0' });

/** POST /api/admin/catalog/group/add */
export const addServiceGroup = (fields: GroupFields) => adminPost<AdminServiceGroup>('/api/admin/catalog/group/add', groupForm(fields));

/** POST /api/admin/catalog/group/update — every field is sent, as the form holds them. */
export const updateServiceGroup = (id: number, fields: GroupFields) => adminPost<AdminServiceGroup>('/api/admin/catalog/group/update', { id, ...groupForm(fields) });

/** POST /api/admin/catalog/group/delete — only an empty group; the server says why otherwise. */
export const deleteServiceGroup = (id: number) => adminPost<null>('/api/admin/catalog/group/delete', { id });

/** POST /api/admin/catalog/child/add */
export const addServiceChild = (groupId: number, name: string, sort: number) => adminPost<AdminServiceChild>('/api/admin/catalog/child/add', { groupId, name, sort });

/** POST /api/admin/catalog/child/update */
export const updateServiceChild = (id: number, name: string, sort: number) => adminPost<AdminServiceChild>('/api/admin/catalog/child/update', { id, name, sort });

/** POST /api/admin/catalog/child/delete — only a sub-type no item uses. */
export const deleteServiceChild = (id: number) => adminPost<null>('/api/admin/catalog/child/delete', { id });

/** The groups as fields for an update (the switch and the form both send all of them). */
export const groupFields = (group: AdminServiceGroup): GroupFields => ({
  typeId: group.typeId,
  name: group.name,
  img: group.img,
  tags: group.description,
  sort: group.sort,
  visible: group.visible,
});

/** Any catalogue change refreshes the groups, the item tables and the open item forms. */
export function useCatalogMutation<A, R>(run: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: catalogKeys.all }) });
}
