import { useState } from 'react';
import { Button, Input, Select, Space, Switch, Tag, type TableColumnsType } from 'antd';
import { ownerKindLabels, type AdminAccount } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { Money } from '../../../components/admin/money';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { useAccounts } from '../api/list-accounts';
import { AdjustModal } from '../components/adjust-modal';
import { LedgerDrawer } from '../components/ledger-drawer';
import '../../../components/admin/finance.css';

const kindOptions = [
  { value: '', label: '全部账户' },
  { value: 'member', label: ownerKindLabels.member },
  { value: 'community', label: ownerKindLabels.community },
];

/** /admin/finance/accounts: 资金账户 — every prepaid-funds account with its balance, its ledger, and adjustments with a reason. */
export default function AccountsPage() {
  const table = useServerTable({ filters: { keyword: '', owner_kind: '', nonzero: '' }, sort: { field: 'updatedAt', order: 'descend' } });
  const { data, isFetching } = useAccounts(table.query);
  const [ledgerOf, setLedgerOf] = useState<AdminAccount | null>(null);
  const [adjusting, setAdjusting] = useState<AdminAccount | null>(null);

  const columns: TableColumnsType<AdminAccount> = [
    {
      title: '账户',
      key: 'owner',
      width: 220,
      render: (_, a) => (
        <div className="admin-member-cell">
          <span>{a.ownerName || '未填写姓名'}</span>
          {a.communityOwner ? <span className="admin-muted">{`负责人 ${a.communityOwner.name}`}</span> : null}
        </div>
      ),
    },
    { title: '类型', dataIndex: 'ownerKind', width: 100, render: (kind: AdminAccount['ownerKind']) => <Tag color={kind === 'member' ? 'blue' : 'purple'}>{ownerKindLabels[kind]}</Tag> },
    { title: '手机号', dataIndex: 'phone', width: 130, render: (phone: string | null) => phone ?? <span className="admin-muted">—</span> },
    { title: '余额', dataIndex: 'balanceFen', key: 'balanceFen', width: 140, align: 'right', sorter: true, sortOrder: table.sortOrderOf('balanceFen'), render: (fen: number) => <Money fen={fen} /> },
    { title: '最近变动', dataIndex: 'updatedAt', key: 'updatedAt', width: 160, sorter: true, sortOrder: table.sortOrderOf('updatedAt'), render: (at: string) => formatDateTime(at) },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 140,
      render: (_, a) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setLedgerOf(a)}>
            明细
          </Button>
          <Button type="link" size="small" onClick={() => setAdjusting(a)}>
            调账
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <AdminPage title="资金账户" description="会员与科研团体的预存款账户。余额始终等于资金明细之和；调账须写明原因，会员可见并记入操作日志。">
      <AdminSection>
        <div className="admin-filters">
          <Input.Search allowClear placeholder="手机号、姓名或团体名称" defaultValue={table.filters.keyword} onSearch={(keyword) => table.setFilters({ keyword: keyword.trim() })} aria-label="搜索账户" />
          <Select style={{ width: 130 }} value={table.filters.owner_kind} options={kindOptions} onChange={(owner_kind) => table.setFilters({ owner_kind })} aria-label="账户类型" />
          <Space size={6}>
            <Switch size="small" checked={table.filters.nonzero === '1'} onChange={(on) => table.setFilters({ nonzero: on ? '1' : '' })} aria-label="仅看有余额" />
            <span>仅看有余额</span>
          </Space>
        </div>
        <AdminTable<AdminAccount>
          rowKey="id"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
          scroll={{ x: 900 }}
          locale={{ emptyText: table.filters.keyword ? '没有找到该账户（会员首次预存或交易后才会开立账户）' : '暂无资金账户' }}
        />
      </AdminSection>
      <LedgerDrawer account={ledgerOf} onClose={() => setLedgerOf(null)} />
      <AdjustModal account={adjusting} onClose={() => setAdjusting(null)} />
    </AdminPage>
  );
}
