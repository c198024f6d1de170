import { Alert, Button, Empty } from 'antd';
import { useState } from 'react';
import type { Invitee } from '@lab/contract';
import { PagedList } from '../../../components/member/paged-list';
import { formatDate } from '../../../lib/format';
import { useInvitees } from '../api/list-invitees';
import { InviteeOrdersDrawer } from './invitee-orders-drawer';

/** 我邀请的会员: a table from 641 px, a list on phones; each opens the drawer of its orders. */
export function InviteeTable() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Invitee | null>(null);
  const { data, isPending, isFetching, isError, error } = useInvitees(page);

  const ordersButton = (invitee: Invitee) => (
    <Button type="link" size="small" className="invite-orders-button" onClick={() => setOpen(invitee)} aria-label={`查看 ${invitee.phone} 的订单`}>
      查看订单
    </Button>
  );
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有好友通过您的邀请注册，复制链接或二维码分享给课题组同学吧" />;

  return (
    <section className="member-card" aria-label="我邀请的会员">
      <h2 className="member-card-title">我邀请的会员{data ? <span className="invite-total">共 {data.total} 人</span> : null}</h2>
      {isError ? (
        <Alert type="error" showIcon title="邀请记录加载失败" description={error.message} />
      ) : (
        <PagedList<Invitee>
          data={data}
          page={page}
          setPage={setPage}
          loading={isPending || isFetching}
          label="邀请的会员"
          cardsClass="invite-cards"
          tableClass="invite-table"
          card={(invitee) => (
            <li key={invitee.id}>
              <p>
                <strong>{invitee.phone}</strong>
                <span>{invitee.nickname}</span>
              </p>
              <p className="member-muted">
                <span>注册于 {formatDate(invitee.registeredAt)}</span>
                <span>已付款订单 {invitee.paidOrderCount} 笔</span>
              </p>
              {ordersButton(invitee)}
            </li>
          )}
          unit="人"
          empty={empty}
          rowKey="id"
          columns={[
            { title: '手机号', dataIndex: 'phone', width: 150, render: (v: string) => <span className="invite-nowrap">{v}</span> },
            { title: '昵称', dataIndex: 'nickname', render: (v: string) => v || '–' },
            { title: '注册日期', dataIndex: 'registeredAt', width: 130, render: (v: string) => <span className="invite-nowrap">{formatDate(v)}</span> },
            { title: '已付款订单', dataIndex: 'paidOrderCount', width: 110, align: 'right', render: (v: number) => `${v} 笔` },
            { title: '操作', key: 'actions', width: 110, align: 'center', render: (_: unknown, invitee: Invitee) => ordersButton(invitee) },
          ]}
        />
      )}
      <InviteeOrdersDrawer invitee={open} onClose={() => setOpen(null)} />
    </section>
  );
}
