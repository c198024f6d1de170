import type { TypeGroup } from '@lab/contract';
import { deviceSortValues, serviceTypeLabels } from '@lab/contract/display';
import type { DeviceSearchParams } from './api/search-devices';

/**
 * The query parameters the service list (/project) reads. The server draws and caches the list
 * under its path and these alone, so an address with anything else appended (a share link's
 * `from=…`, a campaign's `utm_…`) is the same page from the same cache entry, not a new drawing.
 */
export const LIST_QUERY_KEYS = ['typeId', 'groupId', 'childId', 'title', 'keyword', 'sort', 'page'] as const;

export const LIST_PAGE_SIZE = 12;

const toNumber = (value: string | null | undefined) => {
  if (!value) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export type ListSort = (typeof deviceSortValues)[number];

/**
 * What the list's address asks for, read the same way by the page and by its route loader
 * (its ensurePageData), so both ask for the same queries.
 */
export function readListAddress(params: { typeId?: string | undefined; title?: string | undefined }, search: URLSearchParams) {
  const typeId = toNumber(params.typeId) ?? toNumber(search.get('typeId'));
  const validType = typeId !== undefined && typeId >= 1 && typeId <= 3 ? typeId : undefined;
  const childId = toNumber(search.get('childId'));
  const sortParam = search.get('sort');
  const typeLabel = validType ? serviceTypeLabels[validType] : undefined;
  const titleParam = params.title || search.get('title') || undefined;
  const groupParam = toNumber(search.get('groupId'));
  return {
    validType,
    typeLabel,
    childId,
    keyword: search.get('keyword')?.trim() ?? '',
    sort: (deviceSortValues as readonly string[]).includes(sortParam ?? '') ? (sortParam as ListSort) : 'default',
    page: toNumber(search.get('page')) ?? 1,
    titleParam,
    groupParam,
    // The hot special area passes a group's name as the title: it stands for that group.
    titleNamesGroup: titleParam !== undefined && titleParam !== typeLabel && groupParam === undefined && childId === undefined,
  };
}

export type ListAddress = ReturnType<typeof readListAddress>;

/** The group a sub-type belongs to, when the link only carries childId. */
const groupOfChild = (groups: TypeGroup[], childId: number | undefined) =>
  childId === undefined ? undefined : groups.find((group) => group.typeChildArr.some((child) => child.id === childId));

/** The group the list shows: given, the one of the sub-type given, or the one the title names. */
export const listGroupId = (address: ListAddress, groups: TypeGroup[]) =>
  address.groupParam ?? groupOfChild(groups, address.childId)?.id ?? (address.titleNamesGroup ? groups.find((g) => g.name === address.titleParam)?.id : undefined);

/** The search the list shows: the key of its items' query. */
export const listSearch = (address: ListAddress, groupId: number | undefined): DeviceSearchParams => ({
  typeId: address.validType,
  groupId,
  childId: address.childId,
  keyword: address.keyword,
  sort: address.sort,
  page: address.page,
  pageSize: LIST_PAGE_SIZE,
});
