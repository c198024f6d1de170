import { useState, type ReactNode } from 'react';
import { App, Button, Empty, Select, Space, Switch, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { feedback } from '../../lib/feedback';
import { settled } from '../../lib/use-api-mutation';
import { AdminPage, AdminSection } from './admin-page';
import { AdminTable, rowsOf, type AdminTableProps } from './admin-table';
import { CrudDialog, useListChange, type CrudDialogConfig } from './crud-dialog';
import { OrderButtons } from './order-buttons';
import { moveItem } from './ordered-list';

/** A row's key (and, for a list with the 显示 switch, a show/hide flag): what the list's own actions need of a row. */
type Row<K extends PropertyKey> = Record<K, string | number>;

export interface CrudListProps<T extends Row<K>, K extends keyof T & string, V extends object, S extends z.ZodType> {
  title: string;
  description: ReactNode;
  /** what one row is called: 新增<noun>, <noun>已显示 / 已隐藏 / 已删除, 删除<noun>“…”？ */
  noun: string;
  /** the row's key, sent to the calls below (id, rid) */
  rowKey: K;
  /** a row's name in labels (编辑 …, 上移 …) and in the delete question */
  label: (row: T, index: number) => string;
  /** the list's query: the whole list, or a server table's page ({ list, total }) with `table` */
  query: AdminTableProps<T>['query'];
  /** what reads again after every change, a refused one too (the feature's keys prefix) */
  refresh: QueryKey;
  /** the page's own columns; the list adds 顺序 before them (with `reorder`), 显示 and 操作 after */
  columns: TableColumnsType<T>;
  scrollX: number;
  /** the empty table's text; 还没有<noun>，点击右上角“新增<noun>”添加 unless given */
  empty?: string;
  /** filters above the table (server tables) */
  filters?: ReactNode;
  /** a server table (components/admin/use-server-table): its paging and sorting; the whole list on one page otherwise */
  table?: AdminTableProps<T>['table'];
  /** buttons before the 新增 button */
  extra?: ReactNode;
  /** a 新增 button that does something else than open the dialog (a page of its own) */
  create?: { label: ReactNode; onClick: () => void };
  /** 编辑 does something else than open the dialog (a page of its own) */
  onEdit?: (row: T) => void;
  /** more buttons between 编辑 and 删除 */
  rowActions?: (row: T) => ReactNode;
  actionsWidth?: number;
  /** saves the whole new order (the ids in order): the 顺序 column's up and down buttons */
  reorder?: (ids: T[K][]) => Promise<unknown>;
  /** shows or hides a row (its `visible` flag); `onHome` labels the switch 在首页显示. Left out: no 显示 column (a list whose rows are always shown, or shown by their own rule) */
  visible?: { call: (args: Record<K, T[K]> & { visible: boolean }) => Promise<unknown>; onHome?: boolean };
  remove: (id: T[K]) => Promise<unknown>;
  /** the delete question; 删除<noun>“<label>”？ and that the site no longer shows it, unless given */
  confirmDelete?: (row: T) => { title?: string; content: string };
  /** the create/edit dialog */
  dialog?: CrudDialogConfig<T, V, S>;
  /** the 新增 dialog is open when the list appears (a page that fills it from elsewhere remounts the list) */
  openOnStart?: boolean;
}

const visibleOptions = [
  { value: '', label: '全部状态' },
  { value: '1', label: '显示中' },
  { value: '0', label: '已隐藏' },
];

/** The 显示状态 filter of a server table whose rows can be hidden ('' all, '1' shown, '0' hidden). */
export function VisibleFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return <Select style={{ width: 120 }} value={value} options={visibleOptions} onChange={onChange} aria-label="显示状态" />;
}

const keyed = <K extends PropertyKey, I>(key: K, id: I, visible: boolean) => ({ [key]: id, visible }) as Record<K, I> & { visible: boolean };

/**
 * A back-office list with a create/edit dialog (docs/web.md): the page's columns in antd's
 * Table, with the shared 顺序 / 显示 / 操作 columns, each change through useApiMutation with
 * its success message, deletes after a confirmation, and the dialog (components/admin/crud-dialog).
 */
export function CrudList<T extends Row<K>, K extends keyof T & string, V extends object, S extends z.ZodType>(props: CrudListProps<T, K, V, S>) {
  const { title, description, noun, rowKey, label, query, refresh, columns, scrollX, empty, filters, table, extra, create, onEdit, rowActions, actionsWidth = 120, reorder, visible, remove, confirmDelete, dialog, openOnStart = false } = props;
  const { modal } = App.useApp();
  const [editing, setEditing] = useState<T | null>(null);
  const [formOpen, setFormOpen] = useState(openOnStart);
  const order = useListChange(refresh, (ids: T[K][]) => reorder!(ids));
  const shown = useListChange(refresh, (args: Record<K, T[K]> & { visible: boolean }) => visible!.call(args));
  const removal = useListChange(refresh, remove);
  const list = rowsOf(query.data);
  const openDialog = (row: T | null) => {
    setEditing(row);
    setFormOpen(true);
  };

  const move = (index: number, delta: -1 | 1) =>
    order.mutate(
      moveItem(list, index, delta).map((row) => row[rowKey]),
      { onSuccess: () => feedback.success('顺序已保存') },
    );

  const toggle = (row: T, next: boolean) =>
    shown.mutate(keyed(rowKey, row[rowKey], next), { onSuccess: () => feedback.success(next ? `${noun}已显示` : `${noun}已隐藏`) });

  const askDelete = (row: T, name: string) => {
    const question = confirmDelete?.(row);
    modal.confirm({
      title: question?.title ?? `删除${noun}“${name}”？`,
      content: question?.content ?? (visible ? '删除后网站上立即不再显示，且无法恢复。只想暂时不显示，可以关闭“显示”开关。' : '删除后网站上立即不再显示，且无法恢复。'),
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => settled(removal.mutateAsync(row[rowKey], { onSuccess: () => feedback.success(`${noun}已删除`) })),
    });
  };

  const allColumns: TableColumnsType<T> = [
    ...(reorder
      ? [
          {
            title: '顺序',
            key: 'order',
            width: 96,
            render: (_: unknown, row: T, index: number) => <OrderButtons index={index} total={list.length} label={label(row, index)} busy={order.isPending} onMove={(delta) => move(index, delta)} />,
          },
        ]
      : []),
    ...columns,
    ...(visible
      ? [
          {
            title: visible.onHome ? '首页显示' : '显示',
            dataIndex: 'visible',
            width: visible.onHome ? 100 : 90,
            render: (on: boolean, row: T, index: number) => (
              <Switch
                checked={on}
                checkedChildren="显示"
                unCheckedChildren="隐藏"
                loading={shown.isPending && (shown.variables?.[rowKey] as unknown) === row[rowKey]}
                aria-label={`${visible.onHome ? '在首页显示' : '显示'} ${label(row, index)}`}
                onChange={(next) => toggle(row, next)}
              />
            ),
          },
        ]
      : []),
    {
      title: '操作',
      key: 'actions',
      width: actionsWidth,
      fixed: 'right',
      render: (_, row, index) => (
        <Space size={0}>
          <Button type="link" size="small" aria-label={`编辑 ${label(row, index)}`} onClick={() => (onEdit ? onEdit(row) : openDialog(row))}>
            编辑
          </Button>
          {rowActions?.(row)}
          <Button type="link" size="small" danger onClick={() => askDelete(row, label(row, index))}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <AdminPage
      title={title}
      description={description}
      extra={
        <>
          {extra}
          <Button type="primary" icon={<PlusOutlined />} onClick={create?.onClick ?? (() => openDialog(null))}>
            {create?.label ?? `新增${noun}`}
          </Button>
        </>
      }
    >
      <AdminSection>
        {filters && <div className="admin-filters">{filters}</div>}
        <AdminTable<T>
          rowKey={rowKey}
          columns={allColumns}
          query={query}
          table={table}
          scroll={{ x: scrollX }}
          locale={{ emptyText: <Empty description={empty ?? `还没有${noun}，点击右上角“新增${noun}”添加`} /> }}
        />
      </AdminSection>
      {dialog && <CrudDialog {...dialog} noun={noun} open={formOpen} editing={editing} refresh={refresh} onClose={() => setFormOpen(false)} />}
    </AdminPage>
  );
}
