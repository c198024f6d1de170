import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Key } from 'react';
import type { TablePaginationConfig } from 'antd';
import type { SortOrder } from '@lab/contract';

export interface ServerTableOptions<F extends Record<string, string>> {
  /** the filters and their defaults ('' = no filter) */
  filters: F;
  pageSize?: number;
  /** the sort when none is chosen (the server's default otherwise) */
  sort?: { field: string; order: SortOrder };
  /** names the URL parameters, for two tables on one screen */
  prefix?: string;
}

/** What a list call sends: page, size, sort and the filters (strings; the server checks them). */
export type TableQuery = { page: number; pageSize: number; sort?: string; order?: SortOrder } & Record<string, string | number | undefined>;

/** antd's sorter, as much of it as the URL keeps. */
type Sorter = { order?: SortOrder | null; columnKey?: Key; field?: unknown };

/**
 * A back-office table paged, filtered and sorted on the server. The state lives in the URL
 * (?status=pending&page=3&sort=createdAt&order=ascend), so the browser's back button, a
 * reload and a shared link all show the same rows. `query` is what the list call sends.
 */
export function useServerTable<F extends Record<string, string>>(options: ServerTableOptions<F>) {
  const [params, setParams] = useSearchParams();
  const prefix = options.prefix ? `${options.prefix}.` : '';
  const key = useCallback((name: string) => `${prefix}${name}`, [prefix]);
  const defaultSize = options.pageSize ?? 20;

  const page = Math.max(1, Number(params.get(key('page'))) || 1);
  const pageSize = Math.min(100, Math.max(1, Number(params.get(key('pageSize'))) || defaultSize));
  const sort = params.get(key('sort')) ?? options.sort?.field;
  const orderParam = params.get(key('order'));
  const order: SortOrder | undefined = orderParam === 'ascend' || orderParam === 'descend' ? orderParam : options.sort?.order;

  const filterText = options.filters ? JSON.stringify(options.filters) : '{}';
  const filters = useMemo(() => {
    const defaults = JSON.parse(filterText) as F;
    return Object.fromEntries(Object.entries(defaults).map(([name, fallback]) => [name, params.get(key(name)) ?? fallback])) as F;
  }, [filterText, params, key]);

  const query = useMemo(() => {
    const sent: Record<string, string | number> = { page, pageSize };
    if (sort) sent.sort = sort;
    if (order) sent.order = order;
    for (const [name, value] of Object.entries(filters)) if (value !== '') sent[name] = value;
    return sent as TableQuery;
  }, [page, pageSize, sort, order, filters]);

  const update = useCallback(
    (changes: Record<string, string | number | undefined>, keepPage = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined) next.delete(key(name));
            else next.set(key(name), String(value));
          }
          if (!keepPage) next.delete(key('page'));
          return next;
        },
        { replace: true },
      );
    },
    [setParams, key],
  );

  /**
   * Changes filters and goes back to page 1. A filter back at its default leaves the URL; one
   * cleared against a default ('全部' where the default is '待审核') stays as `status=`.
   */
  const setFilters = useCallback(
    (changes: Partial<F>) => {
      const defaults = JSON.parse(filterText) as F;
      const next: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(changes)) next[name] = value === defaults[name] ? undefined : (value as string);
      update(next);
    },
    [update, filterText],
  );

  const pagination = (total: number | undefined): TablePaginationConfig => ({
    current: page,
    pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (count) => `共 ${count} 条`,
  });

  /** antd's table change (page, page size, a sortable column's header) mapped onto the URL. */
  const onChange = (next: TablePaginationConfig, _filters: unknown, sorter: Sorter | Sorter[], extra: { action: string }) => {
    if (extra.action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = one?.order ? String(one.columnKey ?? one.field ?? '') : '';
      update({ sort: field || undefined, order: one?.order ?? undefined });
      // (an empty sort leaves the URL: the server's default order applies)
      return;
    }
    update({ page: next.current === 1 ? undefined : next.current, pageSize: next.pageSize === defaultSize ? undefined : next.pageSize }, true);
  };

  /** A sortable column's current order, for `sortOrder` on the column (controlled sorting). */
  const sortOrderOf = (field: string): SortOrder | null => (sort === field ? (order ?? null) : null);

  return { query, filters, setFilters, pagination, onChange, sortOrderOf, page, pageSize };
}
