import { useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Popconfirm, Skeleton } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { feedback } from '../../lib/feedback';
import { useApiMutation } from '../../lib/use-api-mutation';
import { memberDataKeys } from '../../api/refresh';
import './member-pages.css';

interface SavedCardListProps<T> {
  title: string;
  /** what one entry is called: 新增<noun>… unless `addLabel`, <noun>已删除, 确定删除该<noun>吗？, <noun>加载失败, 我的<noun> */
  noun: string;
  /** the add button's text (新增抬头) */
  addLabel: string;
  /** the default's name: 已设为<defaultLabel> */
  defaultLabel: string;
  /** how many entries the member may keep: the add button is off at that many */
  max: number;
  lead: ReactNode;
  query: { data?: readonly T[]; isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  skeletonRows: number;
  empty: string;
  idOf: (row: T) => string;
  isDefault: (row: T) => boolean;
  /** the card's data-testid */
  testId: string;
  /** what the card shows (the address, the invoice title's details) */
  card: (row: T) => ReactNode;
  setDefault: (id: string) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
  /** the add/edit dialog, shown while `editing` is set (null adds one) */
  dialog: (editing: T | null, onClose: () => void) => ReactNode;
}

/**
 * A member's saved entries (addresses, invoice titles): cards with 设为默认 / 编辑 / 删除, the
 * default first in the card's style, an add button up to the limit, and the page's dialog.
 */
export function SavedCardList<T>(props: SavedCardListProps<T>) {
  const { title, noun, addLabel, defaultLabel, max, lead, query, skeletonRows, empty, idOf, isDefault, testId, card, setDefault, remove, dialog } = props;
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const makeDefault = useApiMutation({ mutationFn: setDefault, invalidates: memberDataKeys, onSuccess: () => feedback.success(`已设为${defaultLabel}`) });
  const removal = useApiMutation({ mutationFn: remove, invalidates: memberDataKeys, onSuccess: () => feedback.success(`${noun}已删除`) });

  const list = query.data ?? [];
  return (
    <div className="member-page">
      <div className="member-page-head">
        <h1 className="page-title">{title}</h1>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} disabled={list.length >= max}>
          {addLabel}
        </Button>
      </div>
      <p className="member-page-lead">{lead}</p>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: skeletonRows }} />
      ) : query.isError ? (
        <Alert type="error" showIcon title={`${noun}加载失败`} description={query.error?.message} action={<Button onClick={() => void query.refetch()}>重试</Button>} />
      ) : list.length === 0 ? (
        <Empty className="member-empty" description={empty}>
          <Button type="primary" onClick={() => setEditing('new')}>
            {addLabel}
          </Button>
        </Empty>
      ) : (
        <ul className="address-list" aria-label={`我的${noun}`}>
          {list.map((row) => {
            const id = idOf(row);
            return (
              <li key={id} className={isDefault(row) ? 'address-card is-default' : 'address-card'} data-testid={testId}>
                <div className="address-card-main">{card(row)}</div>
                <div className="address-card-actions">
                  {isDefault(row) ? null : (
                    <Button type="link" size="small" loading={makeDefault.isPending && makeDefault.variables === id} onClick={() => makeDefault.mutate(id)}>
                      设为默认
                    </Button>
                  )}
                  <Button type="link" size="small" onClick={() => setEditing(row)}>
                    编辑
                  </Button>
                  <Popconfirm title={`确定删除该${noun}吗？`} okText="删除" cancelText="取消" onConfirm={() => removal.mutate(id)}>
                    <Button type="link" size="small" danger loading={removal.isPending && removal.variables === id}>
                      删除
                    </Button>
                  </Popconfirm>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing ? dialog(editing === 'new' ? null : editing, () => setEditing(null)) : null}
    </div>
  );
}
