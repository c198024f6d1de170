import type { AdminServiceGroup } from '@lab/contract';
import { adminCatalog } from './admin-catalog';
import { catalogKeys } from './keys';
import { useApiMutation } from '../../../lib/use-api-mutation';

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
export const addServiceGroup = (fields: GroupFields) => adminCatalog.addGroup(groupForm(fields));

/** POST /api/admin/catalog/group/update — every field is sent, as the form holds them. */
export const updateServiceGroup = (id: number, fields: GroupFields) => adminCatalog.editGroup({ id, ...groupForm(fields) });

/** POST /api/admin/catalog/group/delete — only an empty group; the server says why otherwise. */
export const deleteServiceGroup = (id: number) => adminCatalog.removeGroup({ id });

/** POST /api/admin/catalog/child/add */
export const addServiceChild = (groupId: number, name: string, sort: number) => adminCatalog.addChild({ groupId, name, sort });

/** POST /api/admin/catalog/child/update */
export const updateServiceChild = (id: number, name: string, sort: number) => adminCatalog.editChild({ id, name, sort });

/** POST /api/admin/catalog/child/delete — only a sub-type no item uses. */
export const deleteServiceChild = (id: number) => adminCatalog.removeChild({ id });

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
  return useApiMutation({ mutationFn: run, invalidates: [catalogKeys.all] });
}
