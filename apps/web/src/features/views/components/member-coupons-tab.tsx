import { useState } from 'react';
import { Table, Tag, type TableColumnsType } from 'antd';
import { formatFen, type AdminMemberDetail, type CouponStatus, type MemberCoupon } from '@lab/contract';
import { formatDate } from '../../../lib/format';
import { useMemberCoupons } from '../../admin-member/api/list-member-coupons';
import { Figure } from './member-funds-tab';
import { MemberLedgerTable } from './member-ledger-table';

const couponColors: Record<CouponStatus, string> = { unused: 'success', used: 'default', expired: 'default' };
const couponValue = (c: MemberCoupon) => (c.amountFen !== null ? `减 ${formatFen(c.amountFen)}` : c.offRateBp !== null ? `${(10 - c.offRateBp / 1000).toFixed(1).replace(/\.0$/, '')} 折` : '—');

/** 优惠券与积分: the member's coupons (any status) and the points history. */
export function MemberCouponsTab({ member }: { member: AdminMemberDetail }) {
  const rid = member.account.rid;
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const coupons = useMemberCoupons(rid, paging);
  const columns: TableColumnsType<MemberCoupon> = [
    { title: '优惠券', dataIndex: 'name' },
    { title: '面额', key: 'value', render: (_, c) => couponValue(c) },
    { title: '使用门槛', dataIndex: 'thresholdFen', render: (fen: number) => (fen > 0 ? `满 ${formatFen(fen)}` : '无门槛') },
    { title: '适用范围', dataIndex: 'scopeText' },
    { title: '有效期', key: 'valid', render: (_, c) => <span className="admin-nowrap">{formatDate(c.validFrom)} 至 {formatDate(c.validTo)}</span> },
    { title: '状态', dataIndex: 'status', width: 80, render: (s: CouponStatus, c) => <Tag color={couponColors[s]}>{c.statusText}</Tag> },
  ];
  return (
    <div className="admin-page-body">
      <div className="customers-figures">
        <Figure label="可用优惠券" value={`${member.funds.usableCoupons} 张`} />
        <Figure label="积分余额" value={member.funds.points.toLocaleString('en-US')} />
      </div>
      <Table<MemberCoupon>
        className="admin-table"
        rowKey="rid"
        size="small"
        title={() => '优惠券'}
        columns={columns}
        dataSource={coupons.data?.list}
        loading={coupons.isFetching}
        scroll={{ x: 760 }}
        locale={{ emptyText: '该会员没有优惠券' }}
        pagination={{ current: paging.page, pageSize: paging.pageSize, total: coupons.data?.total ?? 0, hideOnSinglePage: true, onChange: (page, pageSize) => setPaging({ page, pageSize }) }}
      />
      <h3 className="customers-subtitle">积分明细</h3>
      <MemberLedgerTable rid={rid} kind="points" empty="暂无积分记录" />
    </div>
  );
}
