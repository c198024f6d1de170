import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { App, Button, Grid, Space, Switch, Table, Tabs, Tag, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { serviceTypeLabels, splitGroupTags, type AdminServiceChild, type AdminServiceGroup } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { feedback } from '../../../lib/feedback';
import { settled } from '../../../lib/use-api-mutation';
import { useServiceGroups } from '../api/list-groups';
import { deleteServiceGroup, groupFields, updateServiceGroup, useCatalogMutation } from '../api/save-group';
import { ChildFormModal } from '../components/child-form-modal';
import { GroupFormModal } from '../components/group-form-modal';
import '../components/admin-catalog.css';

const typeIds = [1, 2, 3] as const;

/** /admin/catalog/groups: the three service types as tabs; each type's groups with their sub-types. */
export default function GroupsPage() {
  const [params, setParams] = useSearchParams();
  const typeId = typeIds.find((id) => String(id) === params.get('type')) ?? 1;
  const groups = useServiceGroups();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<AdminServiceGroup | null>(null);
  const [childOf, setChildOf] = useState<{ group: AdminServiceGroup; child: AdminServiceChild | null } | null>(null);
  const { modal } = App.useApp();
  const wide = Grid.useBreakpoint().md !== false;
  const visibility = useCatalogMutation(({ group, visible }: { group: AdminServiceGroup; visible: boolean }) => updateServiceGroup(group.id, { ...groupFields(group), visible }));
  const remove = useCatalogMutation((id: number) => deleteServiceGroup(id));

  const all = groups.data ?? [];
  const shown = all.filter((g) => g.typeId === typeId);

  const toggleVisible = async (group: AdminServiceGroup, visible: boolean) => {
    visibility.mutate({ group, visible }, {
      onSuccess: () => {
        feedback.success(visible ? `「${group.name}」已在网站显示` : `「${group.name}」已隐藏`);
      },
    });
  };

  const confirmDelete = (group: AdminServiceGroup) =>
    modal.confirm({
      title: `删除分类「${group.name}」？`,
      content: group.children.length ? `它的 ${group.children.length} 个子类会一并删除。` : '删除后不可恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        settled(
          remove.mutateAsync(group.id, {
            onSuccess: () => {
              feedback.success('分类已删除');
            },
          }),
        ),
    });

  const columns: TableColumnsType<AdminServiceGroup> = [
    { title: '图片', dataIndex: 'imgUrl', width: 72, render: (url: string) => <img className="cat-thumb is-square" src={url} alt="" /> },
    {
      title: '分类',
      dataIndex: 'name',
      width: 220,
      render: (name: string, group) => (
        <div>
          <span className="cat-name">{name}</span>
          <div className="cat-tags">
            {splitGroupTags(group.description).map((tag) => (
              <Tag key={tag} bordered={false}>
                {tag}
              </Tag>
            ))}
          </div>
        </div>
      ),
    },
    {
      title: '子类',
      key: 'children',
      render: (_, group) => (
        <div className="cat-children">
          {group.children.map((child) => (
            <Tooltip key={child.id} title={`${child.itemCount} 个项目 · 点击编辑`}>
              <Tag color="blue" onClick={() => setChildOf({ group, child })} role="button" aria-label={`编辑子类 ${child.name}`}>
                {child.name}
              </Tag>
            </Tooltip>
          ))}
          <Tag className="cat-child-add" icon={<PlusOutlined />} onClick={() => setChildOf({ group, child: null })} role="button" aria-label={`为${group.name}添加子类`}>
            子类
          </Tag>
        </div>
      ),
    },
    {
      title: '项目（上架/全部）',
      key: 'items',
      width: 140,
      render: (_, group) => (
        <Link to={`/admin/catalog/items?groupId=${group.id}&typeId=${group.typeId}`}>
          {group.publishedCount} / {group.itemCount}
        </Link>
      ),
    },
    { title: '排序', dataIndex: 'sort', width: 72, align: 'right' },
    {
      title: '网站显示',
      dataIndex: 'visible',
      width: 100,
      render: (visible: boolean, group) => (
        <Switch size="small" checked={visible} checkedChildren="显示" unCheckedChildren="隐藏" aria-label={`${group.name}在网站显示`} onChange={(next) => void toggleVisible(group, next)} />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      // on a phone a pinned column would cover half the row
      fixed: wide ? 'right' : undefined,
      width: 130,
      render: (_, group) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => (setEditing(group), setFormOpen(true))}>
            编辑
          </Button>
          <Tooltip title={group.itemCount > 0 ? `还有 ${group.itemCount} 个项目，不能删除；不再提供时可将其隐藏` : undefined}>
            <Button type="link" size="small" danger disabled={group.itemCount > 0} onClick={() => confirmDelete(group)}>
              删除
            </Button>
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <AdminPage
      title="服务分类"
      description="网站按服务类型、分类和子类组织服务项目；修改后首页和项目列表立即生效。"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => (setEditing(null), setFormOpen(true))}>
          新增分类
        </Button>
      }
    >
      <AdminSection>
        <Tabs
          activeKey={String(typeId)}
          onChange={(key) => setParams({ type: key }, { replace: true })}
          items={typeIds.map((id) => ({ key: String(id), label: `${serviceTypeLabels[id]}（${all.filter((g) => g.typeId === id).length}）` }))}
        />
        <Table<AdminServiceGroup>
          className="admin-table"
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={shown}
          loading={groups.isFetching}
          pagination={false}
          // a group's `children` are its sub-types (a column), not rows of a tree
          expandable={{ childrenColumnName: 'treeRows' }}
          scroll={{ x: 960 }}
          locale={{ emptyText: `「${serviceTypeLabels[typeId]}」下还没有分类，点击右上角「新增分类」添加` }}
        />
      </AdminSection>
      <GroupFormModal open={formOpen} editing={editing} typeId={typeId} onClose={() => setFormOpen(false)} />
      <ChildFormModal group={childOf?.group ?? null} editing={childOf?.child ?? null} onClose={() => setChildOf(null)} />
    </AdminPage>
  );
}
