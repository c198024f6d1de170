import { Segmented, Table } from 'antd';
import { useState } from 'react';
import type { AdminMemberDetail } from '@lab/contract';
import { Money } from '../../../components/admin/money';
import { MemberLedgerTable } from './member-ledger-table';

/** 资金: prepaid funds and withdrawable rebates with their history; balances of the communities the member owns. */
export function MemberFundsTab({ member }: { member: AdminMemberDetail }) {
  const [kind, setKind] = useState<'prestore' | 'rebate'>('prestore');
  const { funds } = member;
  return (
    <div className="admin-page-body">
      <div className="customers-figures">
        <Figure label="预存款余额" value={<Money fen={funds.prestoreFen} />} />
        <Figure label="可提现返利" value={<Money fen={funds.rebateFen} />} />
        <Figure label="信用额度" value={funds.creditLimitFen > 0 ? <Money fen={funds.creditLimitFen} /> : '未开通'} />
        <Figure label="待付订单金额" value={<Money fen={member.orders.owedFen} />} />
      </div>
      {funds.communities.length > 0 && (
        <Table
          size="small"
          rowKey="rid"
          pagination={false}
          title={() => '名下科研团体的预存款'}
          dataSource={funds.communities}
          columns={[
            { title: '团体', dataIndex: 'name' },
            { title: '余额', dataIndex: 'balanceFen', align: 'right', render: (fen: number) => <Money fen={fen} /> },
          ]}
        />
      )}
      <Segmented
        value={kind}
        onChange={(value) => setKind(value as 'prestore' | 'rebate')}
        options={[
          { value: 'prestore', label: '预存款明细' },
          { value: 'rebate', label: '返利明细' },
        ]}
        aria-label="资金明细"
      />
      <MemberLedgerTable key={kind} rid={member.account.rid} kind={kind} empty={kind === 'prestore' ? '暂无预存款记录' : '暂无返利记录'} />
    </div>
  );
}

export function Figure({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="customers-figure">
      <div className="customers-figure-label">{label}</div>
      <div className="customers-figure-value">{value}</div>
    </div>
  );
}
