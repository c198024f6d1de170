import { useState } from 'react';
import type { TableColumnsType } from 'antd';
import type { LedgerEntry, MemberLedgerKind } from '@lab/contract';
import { Money } from '../../../components/admin/money';
import { AdminTable } from '../../../components/admin/admin-table';
import { formatDateTime } from '../../../lib/format';
import { useMemberLedger } from '../../admin-member/api/list-member-ledger';

/** One account's history (prepaid funds and rebates in ¥, points as whole numbers), newest first. */
export function MemberLedgerTable({ rid, kind, empty }: { rid: string; kind: MemberLedgerKind; empty: string }) {
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const { data, isFetching } = useMemberLedger(rid, { ...paging, kind });
  const amount = (value: number, signed: boolean) =>
    kind === 'points' ? <span className="admin-money">{signed && value > 0 ? `+${value}` : value}</span> : <Money fen={value} signed={signed} />;
  const columns: TableColumnsType<LedgerEntry> = [
    { title: '时间', dataIndex: 'createdAt', width: 150, render: (at: string) => <span className="admin-nowrap">{formatDateTime(at)}</span> },
    { title: '类型', dataIndex: 'typeText', width: 110 },
    { title: kind === 'points' ? '积分' : '金额', dataIndex: 'amountFen', align: 'right', width: 120, render: (v: number) => <span style={{ color: v < 0 ? '#d9363e' : '#1f7a3a' }}>{amount(v, true)}</span> },
    { title: '余额', dataIndex: 'balanceAfterFen', align: 'right', width: 120, render: (v: number) => amount(v, false) },
    { title: '业务单号', dataIndex: 'reference', render: (ref: string) => <span className="admin-muted">{ref}</span> },
    { title: '备注', dataIndex: 'note' },
  ];
  return (
    <AdminTable<LedgerEntry>
      rowKey="id"
      size="small"
      columns={columns}
      query={{ data, isFetching }}
      scroll={{ x: 760 }}
      locale={{ emptyText: empty }}
      pagination={{ current: paging.page, pageSize: paging.pageSize, total: data?.total ?? 0, showTotal: (n) => `共 ${n} 条`, onChange: (page, pageSize) => setPaging({ page, pageSize }) }}
    />
  );
}
