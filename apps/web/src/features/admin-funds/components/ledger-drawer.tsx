import { useEffect, useState } from 'react';
import { Alert, DatePicker, Drawer, Select, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { entryTypeLabels, formatFen, ownerKindLabels, PRESTORE_ENTRY_TYPES, type AdminAccount, type AdminLedgerEntry } from '@lab/contract';
import { ExportButton } from '../../../components/admin/export-button';
import { AdminTable } from '../../../components/admin/admin-table';
import { exportLedger } from '../api/exports';
import { formatDateTime } from '../../../lib/format';
import { useLedger } from '../api/account-ledger';

const typeOptions = [{ value: '', label: '全部类型' }, ...PRESTORE_ENTRY_TYPES.map((type) => ({ value: type, label: entryTypeLabels[type] }))];
const signed = (fen: number) => (fen > 0 ? `+${formatFen(fen)}` : formatFen(fen));

/** 资金明细: one account's entries, newest first, by type and date, with who booked each; exports what it shows. */
export function LedgerDrawer({ account, onClose }: { account: AdminAccount | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [type, setType] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  useEffect(() => {
    setPage(1);
    setType('');
    setRange(null);
  }, [account]);

  const from = range?.[0]?.format('YYYY-MM-DD');
  const to = range?.[1]?.format('YYYY-MM-DD');
  const filters = { type: type || undefined, from, to };
  const { data, isFetching, isError, error } = useLedger(account ? { account_id: account.id, page, pageSize, ...filters } : null);

  const columns: TableColumnsType<AdminLedgerEntry> = [
    { title: '时间', dataIndex: 'createdAt', width: 140, render: (at: string) => formatDateTime(at) },
    { title: '类型', dataIndex: 'typeText', width: 90 },
    { title: '金额', dataIndex: 'amountFen', width: 120, align: 'right', render: (fen: number) => <span className={fen >= 0 ? 'finance-in' : 'finance-out'}>{signed(fen)}</span> },
    { title: '余额', dataIndex: 'balanceAfterFen', width: 120, align: 'right', render: (fen: number) => <span className="admin-money">{formatFen(fen)}</span> },
    { title: '业务单号', dataIndex: 'reference', width: 200, render: (reference: string) => <span className="finance-mono">{reference}</span> },
    { title: '备注', dataIndex: 'note', width: 180 },
    { title: '操作人', key: 'actor', width: 90, render: (_, e) => e.actorName ?? (e.actorKind === 'member' ? '会员本人' : '系统') },
  ];

  return (
    <Drawer
      open={account !== null}
      onClose={onClose}
      size="large"
      destroyOnHidden
      title={account ? `资金明细：${account.ownerName}` : '资金明细'}
      extra={account ? <ExportButton save={() => exportLedger({ account_id: account.id, ...filters })} /> : null}
    >
      {account ? (
        <div className="finance-balance">
          <span>{ownerKindLabels[account.ownerKind]}</span>
          <span>{account.phone}</span>
          <span>
            当前余额 <strong>{formatFen(data?.account.balanceFen ?? account.balanceFen)}</strong>
          </span>
        </div>
      ) : null}
      <div className="admin-filters">
        <Select style={{ width: 140 }} value={type} options={typeOptions} onChange={(value) => (setType(value), setPage(1))} aria-label="类型" />
        <DatePicker.RangePicker value={range} allowEmpty={[true, true]} placeholder={['开始日期', '结束日期']} onChange={(values) => (setRange(values), setPage(1))} />
      </div>
      {isError ? (
        <Alert type="error" showIcon title="资金明细加载失败" description={error.message} />
      ) : (
        <AdminTable<AdminLedgerEntry>
          rowKey="id"
          size="small"
          columns={columns}
          query={{ data, isFetching }}
          scroll={{ x: 940 }}
          locale={{ emptyText: '暂无资金变动' }}
          pagination={{
            current: page,
            pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100],
            showTotal: (count) => `共 ${count} 条`,
            onChange: (next, size) => (setPage(size === pageSize ? next : 1), setPageSize(size)),
          }}
        />
      )}
    </Drawer>
  );
}
