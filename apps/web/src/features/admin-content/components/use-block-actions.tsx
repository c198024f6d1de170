import { App } from 'antd';
import { feedback } from '../../../lib/feedback';
import { settled } from '../../../lib/use-api-mutation';
import { useContentMutation } from '../api/use-content-mutation';
import { moveItem } from './ordered-list';

interface Block {
  id: number;
  visible: boolean;
}

interface BlockCalls<T extends Block> {
  /** what the screen calls one row: 轮播图, 热门专区, 合作机构 */
  noun: string;
  reorder: (ids: number[]) => Promise<unknown>;
  setVisible: (args: { id: number; visible: boolean }) => Promise<T>;
  remove: (id: number) => Promise<unknown>;
}

/**
 * The list actions shared by the home page's ordered blocks: move a row (the whole order is
 * saved), show or hide it, delete it after a confirmation. Each says what happened.
 */
export function useBlockActions<T extends Block>({ noun, reorder, setVisible, remove }: BlockCalls<T>) {
  const { modal } = App.useApp();
  const order = useContentMutation(reorder);
  const visible = useContentMutation(setVisible);
  const removal = useContentMutation(remove);

  const move = async (list: readonly T[], index: number, delta: -1 | 1) => {
    order.mutate(moveItem(list, index, delta).map((row) => row.id), {
      onSuccess: () => {
        feedback.success('顺序已保存');
      },
    });
  };

  const toggle = async (row: T, next: boolean) => {
    visible.mutate({ id: row.id, visible: next }, {
      onSuccess: () => {
        feedback.success(next ? `${noun}已显示` : `${noun}已隐藏`);
      },
    });
  };

  const confirmDelete = (row: T, name: string) =>
    modal.confirm({
      title: `删除${noun}“${name}”？`,
      content: '删除后网站上立即不再显示，且无法恢复。只想暂时不显示，可以关闭“显示”开关。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        settled(
          removal.mutateAsync(row.id, {
            onSuccess: () => {
              feedback.success(`${noun}已删除`);
            },
          }),
        ),
    });

  return { move, toggle, confirmDelete, moving: order.isPending, toggling: visible.isPending ? visible.variables?.id : undefined };
}
