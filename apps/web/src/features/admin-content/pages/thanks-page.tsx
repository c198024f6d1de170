import { useState } from 'react';
import { App, Button, Empty, Input, Select, Space, Switch, Table, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { AdminThanks } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { useServerTable } from '../../../components/admin/use-server-table';
import { feedback } from '../../../lib/feedback';
import { settled } from '../../../lib/use-api-mutation';
import { useThanks } from '../api/list-thanks';
import { deleteThanks, setThanksVisible } from '../api/save-thanks';
import { useContentMutation } from '../api/use-content-mutation';
import { ThanksFormModal } from '../components/thanks-form-modal';
import '../components/content.css';

const visibleOptions = [
  { value: '', label: '全部状态' },
  { value: '1', label: '显示中' },
  { value: '0', label: '已隐藏' },
];

const safeLink = (value: string | null) => (value && /^https?:\/\//i.test(value) ? value : null);

/** /admin/content/thanks: papers that acknowledge the lab (home page table, /list/thanks). */
export default function ThanksPage() {
  const table = useServerTable({ filters: { keyword: '', visible: '' }, sort: { field: 'publishedAt', order: 'descend' } });
  const { data, isFetching } = useThanks(table.query);
  const [editing, setEditing] = useState<AdminThanks | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const { modal } = App.useApp();
  const visible = useContentMutation(setThanksVisible);
  const removal = useContentMutation(deleteThanks);

  const toggle = async (entry: AdminThanks, next: boolean) => {
    visible.mutate({ id: entry.id, visible: next }, {
      onSuccess: () => {
        feedback.success(next ? '论文致谢已显示' : '论文致谢已隐藏');
      },
    });
  };

  const confirmDelete = (entry: AdminThanks) =>
    modal.confirm({
      title: '删除这条论文致谢？',
      content: `${entry.code}（${entry.company}）。删除后无法恢复；只想暂时不显示，可以关闭“显示”开关。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        settled(
          removal.mutateAsync(entry.id, {
            onSuccess: () => {
              feedback.success('论文致谢已删除');
            },
          }),
        ),
    });

  const columns: TableColumnsType<AdminThanks> = [
    {
      title: '期刊信息',
      key: 'code',
      render: (_, entry) => {
        const link = safeLink(entry.source);
        return (
          <>
            <div className="content-cell-title">{link ? <a href={link} target="_blank" rel="noopener noreferrer">{entry.code}</a> : entry.code}</div>
            {entry.sketch && <div className="content-cell-note">{entry.sketch}</div>}
          </>
        );
      },
    },
    { title: '作者单位', dataIndex: 'company', width: 220 },
    { title: '服务项目', dataIndex: 'title', width: 160 },
    { title: '发表日期', dataIndex: 'published', key: 'publishedAt', width: 120, sorter: true, sortOrder: table.sortOrderOf('publishedAt'), className: 'admin-nowrap' },
    {
      title: '显示',
      dataIndex: 'visible',
      width: 90,
      render: (shown: boolean, entry) => (
        <Switch checked={shown} checkedChildren="显示" unCheckedChildren="隐藏" loading={visible.isPending && visible.variables?.id === entry.id} aria-label={`显示 ${entry.code}`} onChange={(next) => void toggle(entry, next)} />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_, entry) => (
        <Space size={0}>
          <Button type="link" size="small" aria-label={`编辑 ${entry.code}`} onClick={() => (setEditing(entry), setFormOpen(true))}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmDelete(entry)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <AdminPage
      title="论文致谢"
      description="致谢本中心测试的论文：首页显示最新 5 篇，“论文致谢”列表显示全部；隐藏的不在网站上显示。"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => (setEditing(null), setFormOpen(true))}>
          新增论文致谢
        </Button>
      }
    >
      <AdminSection>
        <div className="admin-filters">
          <Input.Search allowClear placeholder="单位、服务项目或期刊" defaultValue={table.filters.keyword} onSearch={(keyword) => table.setFilters({ keyword })} aria-label="搜索论文致谢" />
          <Select style={{ width: 120 }} value={table.filters.visible} options={visibleOptions} onChange={(value) => table.setFilters({ visible: value })} aria-label="显示状态" />
        </div>
        <Table<AdminThanks>
          className="admin-table"
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.list}
          loading={isFetching}
          pagination={table.pagination(data?.total)}
          onChange={table.onChange}
          scroll={{ x: 1000 }}
          locale={{ emptyText: <Empty description={table.filters.keyword || table.filters.visible ? '没有符合条件的论文致谢' : '还没有论文致谢，点击右上角新增'} /> }}
        />
      </AdminSection>
      <ThanksFormModal open={formOpen} editing={editing} onClose={() => setFormOpen(false)} />
    </AdminPage>
  );
}
