import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReactNode } from 'react';
import { useServerTable } from './use-server-table';

/** The hook inside a memory router at `path`, so its state is the URL's. */
function setup(path: string, options: Parameters<typeof useServerTable>[0]) {
  let router!: ReturnType<typeof createMemoryRouter>;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '*', element: children }], { initialEntries: [path] });
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(() => useServerTable(options), { wrapper });
  return { ...hook, search: () => router.state.location.search };
}

describe('useServerTable: a table whose page, sort and filters live in the URL', () => {
  it('reads the query from the address, with defaults for what is missing', () => {
    const { result } = setup('/admin/x?status=paid&page=3&sort=createdAt&order=ascend', { filters: { status: 'pending', keyword: '' } });
    expect(result.current.query).toEqual({ page: 3, pageSize: 20, sort: 'createdAt', order: 'ascend', status: 'paid' });
  });

  it('a filter change goes back to page 1 and leaves empty filters out of the call', () => {
    const { result, search } = setup('/admin/x?page=4', { filters: { status: 'pending', keyword: '' } });
    act(() => result.current.setFilters({ keyword: '苏州大学' }));
    expect(result.current.query).toEqual({ page: 1, pageSize: 20, status: 'pending', keyword: '苏州大学' });
    expect(new URLSearchParams(search()).get('page')).toBeNull();
    act(() => result.current.setFilters({ status: '' }));
    expect(result.current.query).toEqual({ page: 1, pageSize: 20, keyword: '苏州大学' });
  });

  it('maps a header click to sort and order, and a second page keeps the sort', () => {
    const { result } = setup('/admin/x', { filters: {}, sort: { field: 'createdAt', order: 'descend' } });
    expect(result.current.sortOrderOf('createdAt')).toBe('descend');
    act(() => result.current.onChange({ current: 1, pageSize: 20 }, {}, { columnKey: 'totalFen', order: 'ascend' }, { action: 'sort' }));
    expect(result.current.query).toMatchObject({ sort: 'totalFen', order: 'ascend', page: 1 });
    expect(result.current.sortOrderOf('totalFen')).toBe('ascend');
    act(() => result.current.onChange({ current: 2, pageSize: 50 }, {}, {}, { action: 'paginate' }));
    expect(result.current.query).toMatchObject({ sort: 'totalFen', order: 'ascend', page: 2, pageSize: 50 });
    expect(result.current.pagination(120)).toMatchObject({ current: 2, pageSize: 50, total: 120 });
  });

  it('keeps two tables on one screen apart by prefix', () => {
    const { result } = setup('/admin/x?a.page=2&b.page=5', { filters: {}, prefix: 'b' });
    expect(result.current.query.page).toBe(5);
  });
});
