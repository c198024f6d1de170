import { Button, DatePicker, Input, Select, Tag, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { attestationReviewLabels, type AdminMemberRow } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { StatusTag } from '../../../components/admin/status-tag';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { useMembers } from '../api/list-members';
import { useAdvisers } from '../api/list-staff-names';
import { MemberCell } from '../../../components/admin/member-cell';
import { organizationColors, organizationOptions, organizationText, reviewTones } from '../components/labels';
import '../../../components/admin/customers.css';

const typeOptions = [{ value: '', label: '全部类型' }, ...organizationOptions.map((o) => ({ value: String(o.value), label: o.label })), { value: 'none', label: '未设置类型' }];
const reviewOptions = [
  { value: '', label: '全部认证状态' },
  { value: 'pending', label: '认证待审核' },
  { value: 'approved', label: '认证已通过' },
  { value: 'refused', label: '认证未通过' },
  { value: 'none', label: '未提交认证' },
];
const statusOptions = [
  { value: '', label: '全部账号' },
  { value: 'active', label: '正常' },
  { value: 'disabled', label: '已停用' },
];

/** /admin/members: every member, searched and filtered on the server; a row opens 会员详情. */
export default function MembersPage() {
  const table = useServerTable({ filters: { keyword: '', organization: '', review: '', adviser: '', status: '', from: '', to: '' } });
  const { data, isFetching } = useMembers(table.query);
  const advisers = useAdvisers();
  const navigate = useNavigate();
  const { filters } = table;

  const adviserOptions = [
    { value: '', label: '全部客户经理' },
    { value: 'me', label: '我负责的客户' },
    { value: 'none', label: '未分配客户经理' },
    ...(advisers.data ?? []).map((person) => ({ value: String(person.id), label: person.name })),
  ];

  const columns: TableColumnsType<AdminMemberRow> = [
    { title: '会员', key: 'member', fixed: 'left', width: 140, render: (_, m) => <MemberCell member={{ rid: m.rid, name: m.name || m.nickname, phone: m.phone }} link /> },
    { title: '单位', dataIndex: 'company', render: (company: string | null) => company ?? <span className="admin-muted">未填写</span> },
    {
      title: '用户类型',
      dataIndex: 'organization',
      width: 90,
      render: (value: number | null) => (value === null ? <span className="admin-muted">未设置</span> : <Tag color={organizationColors[value]}>{organizationText(value)}</Tag>),
    },
    { title: '资料认证', dataIndex: 'reviewStatus', width: 90, render: (status: AdminMemberRow['reviewStatus']) => <StatusTag status={status} labels={attestationReviewLabels} tones={reviewTones} /> },
    { title: '客户经理', key: 'adviser', width: 96, render: (_, m) => m.adviser?.name ?? <span className="admin-muted">未分配</span> },
    { title: '状态', dataIndex: 'disabled', width: 72, render: (disabled: boolean) => (disabled ? <Tag color="error">已停用</Tag> : <Tag color="success">正常</Tag>) },
    { title: '注册时间', dataIndex: 'createdAt', key: 'createdAt', width: 140, sorter: true, sortOrder: table.sortOrderOf('createdAt'), render: (at: string) => <span className="admin-nowrap">{formatDateTime(at)}</span> },
    {
      title: '最近登录',
      dataIndex: 'lastLoginAt',
      key: 'lastLoginAt',
      width: 140,
      sorter: true,
      sortOrder: table.sortOrderOf('lastLoginAt'),
      render: (at: string | null) => (at ? <span className="admin-nowrap">{formatDateTime(at)}</span> : <span className="admin-muted">从未登录</span>),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 64,
      render: (_, m) => (
        <Button type="link" size="small" onClick={() => navigate(`/admin/members/${m.rid}`)}>
          查看
        </Button>
      ),
    },
  ];

  const range: [dayjs.Dayjs, dayjs.Dayjs] | null = filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null;

  return (
    <AdminPage title="会员管理" description="按手机号、姓名、昵称或单位查找会员，查看资料、订单与资金，设置客户经理与用户类型。">
      <AdminSection>
        <div className="admin-filters">
          <Input.Search allowClear placeholder="手机号、姓名或单位" defaultValue={filters.keyword} onSearch={(keyword) => table.setFilters({ keyword: keyword.trim() })} aria-label="搜索会员" />
          <Select style={{ width: 130 }} value={filters.organization} options={typeOptions} onChange={(organization) => table.setFilters({ organization })} aria-label="用户类型" />
          <Select style={{ width: 140 }} value={filters.review} options={reviewOptions} onChange={(review) => table.setFilters({ review })} aria-label="认证状态" />
          <Select style={{ width: 150 }} value={filters.adviser} options={adviserOptions} onChange={(adviser) => table.setFilters({ adviser })} aria-label="客户经理" />
          <Select style={{ width: 110 }} value={filters.status} options={statusOptions} onChange={(status) => table.setFilters({ status })} aria-label="账号状态" />
          <DatePicker.RangePicker
            value={range}
            placeholder={['注册开始日期', '注册结束日期']}
            allowClear
            aria-label="注册日期"
            onChange={(dates) => table.setFilters({ from: dates?.[0]?.format('YYYY-MM-DD') ?? '', to: dates?.[1]?.format('YYYY-MM-DD') ?? '' })}
          />
        </div>
        <AdminTable<AdminMemberRow>
          rowKey="rid"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
          scroll={{ x: 1040 }}
          locale={{ emptyText: filters.keyword || filters.organization || filters.review || filters.adviser || filters.status || filters.from ? '没有符合条件的会员，试试放宽筛选条件' : '还没有会员注册' }}
        />
      </AdminSection>
    </AdminPage>
  );
}
