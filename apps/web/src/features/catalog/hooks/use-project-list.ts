import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useDeviceSearch } from '../api/search-devices';
import { listGroupId, listSearch, readListAddress } from '../list-query';
import { useTypeGroups } from '../api/catalog/type-groups';
import { projectRoutePath } from '../components/links';

/**
 * The service list's state, all of it in the address: what it asks for (read as the route's
 * loader reads it, so the queries are found in the cache), the groups and items, the keyword
 * being typed, and the changes to the address (a filter, a page, 全部); the sections in
 * components/project-filters.tsx and project-results.tsx draw it.
 */
export function useProjectList() {
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  // read as the route's loader reads it (ensurePageData): the same queries, found in the cache
  const address = readListAddress(params, search);
  const { validType, typeLabel, keyword, titleParam, titleNamesGroup } = address;

  const groupsQuery = useTypeGroups(validType);
  const groups = useMemo(() => groupsQuery.data ?? [], [groupsQuery.data]);
  const groupId = listGroupId(address, groups);
  const group = groups.find((g) => g.id === groupId);

  const title = group?.name ?? titleParam ?? typeLabel ?? '全部服务';

  // wait for the groups when the title may name one, so the list does not flash unfiltered
  const devices = useDeviceSearch(listSearch(address, groupId), !(titleNamesGroup && groupsQuery.isPending));

  const [draft, setDraft] = useState(keyword);
  useEffect(() => setDraft(keyword), [keyword]);

  const update = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(name);
      else next.set(name, String(value));
    }
    if (!('page' in changes)) next.delete('page');
    setSearch(next);
  };

  /** 全部: no group, and a title that no longer names one. */
  const clearGroup = (dropKeyword = false) => {
    const next = new URLSearchParams(search);
    if (dropKeyword) next.delete('keyword');
    next.delete('groupId');
    next.delete('childId');
    next.delete('page');
    if (params.typeId) {
      const rest = next.toString();
      void navigate(`${validType && typeLabel ? projectRoutePath(validType, typeLabel) : '/project'}${rest ? `?${rest}` : ''}`);
      return;
    }
    if (typeLabel) next.set('title', typeLabel);
    else next.delete('title');
    setSearch(next);
  };

  const submitKeyword = () => {
    update({ keyword: draft.trim() });
  };

  const tags = group?.description
    ? group.description
        .split('|')
        .map((tag) => tag.trim())
        .filter(Boolean)
    : [];

  return { address, title, groupsQuery, groups, groupId, group, tags, devices, draft, setDraft, update, clearGroup, submitKeyword };
}

export type ProjectListState = ReturnType<typeof useProjectList>;
