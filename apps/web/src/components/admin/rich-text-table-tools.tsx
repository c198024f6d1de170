import type { Editor } from '@tiptap/react';
import { Button, Dropdown } from 'antd';
import { TableOutlined } from '@ant-design/icons';

/**
 * 表格 in the rich-text toolbar: insert a table (first row as its header) and change the one the
 * cursor is in. Tables survive editing (an agreement's 个人信息处理 table, issue 31) because
 * the editor knows them (TableKit), so nothing flattens them into paragraphs.
 */
export function TableTools({ editor }: { editor: Editor }) {
  const chain = () => editor.chain().focus();
  const inTable = editor.isActive('table');
  const items = [
    { key: 'insert', label: '插入表格（3×3）', onClick: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run() },
    { key: 'row-after', label: '下方插入行', disabled: !inTable, onClick: () => chain().addRowAfter().run() },
    { key: 'col-after', label: '右侧插入列', disabled: !inTable, onClick: () => chain().addColumnAfter().run() },
    { key: 'row-delete', label: '删除所在行', disabled: !inTable, onClick: () => chain().deleteRow().run() },
    { key: 'col-delete', label: '删除所在列', disabled: !inTable, onClick: () => chain().deleteColumn().run() },
    { key: 'header', label: '切换表头行', disabled: !inTable, onClick: () => chain().toggleHeaderRow().run() },
    { key: 'table-delete', label: '删除表格', danger: true, disabled: !inTable, onClick: () => chain().deleteTable().run() },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button size="small" type={inTable ? 'primary' : 'text'} aria-label="表格" onMouseDown={(event) => event.preventDefault()}>
        <TableOutlined />
      </Button>
    </Dropdown>
  );
}
