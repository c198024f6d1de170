import { Button, Empty, Skeleton, Tag } from 'antd';
import './grants.css';
import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { allowancePeriodLabels, formatFen, type GrantAllowance, type GrantCard } from '@lab/contract';
import { LoadFailed } from '../../../components/member/load-failed';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { exportGrantStatement, useAllowances, useGrantCards } from '../api/grants';
import { AllowanceModal } from './allowance-modal';
import { CardFormModal } from './card-form-modal';

/** One card's members and their allowances (每人额度, 本周期已用), each with 设置额度. */
function CardAllowances({ card }: { card: GrantCard }) {
  const { data, isPending, isError, error, refetch } = useAllowances(card.rid);
  const [editing, setEditing] = useState<GrantAllowance | null>(null);
  if (isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (isError) return <LoadFailed title="成员额度加载失败" error={error} onRetry={refetch} />;
  return (
    <ul className="grant-allowances" aria-label={`${card.name}的成员额度`}>
      {data.map((a) => (
        <li key={a.memberRid} className="grant-allowance" data-testid="grant-allowance">
          <span className="grant-allowance-name">{a.memberName}</span>
          <span className="grant-allowance-meta">
            {a.period ? `${allowancePeriodLabels[a.period]} ${formatFen(a.amountFen)} · 已用 ${formatFen(a.usedFen)} · 单笔 ${formatFen(a.autoLimitFen)} 内自动批准` : '未设额度（不能用此卡支付）'}
          </span>
          <Button size="small" type="link" onClick={() => setEditing(a)}>
            设置额度
          </Button>
        </li>
      ))}
      {editing ? <AllowanceModal cardRid={card.rid} allowance={editing} onClose={() => setEditing(null)} /> : null}
    </ul>
  );
}

function CardItem({ card, onEdit }: { card: GrantCard; onEdit: () => void }) {
  const [open, setOpen] = useState(false);
  const download = useApiMutation({ mutationFn: () => exportGrantStatement(card.rid), onSuccess: () => feedback.success('对账单已导出') });
  return (
    <article className="grant-card" data-testid="grant-card">
      <div className="grant-card-head">
        <div>
          <h3>
            {card.name} {card.expired ? <Tag color="default">已过期</Tag> : <Tag color="green">有效</Tag>}
          </h3>
          <p className="grant-card-meta">
            卡号 {card.number} · 截止 {card.endDate} · 已用 {formatFen(card.usedFen)}
            {card.capFen === null ? '' : ` / 上限 ${formatFen(card.capFen)}`}
          </p>
        </div>
        <div className="member-item-actions">
          <Button size="small" type="link" onClick={() => setOpen((v) => !v)}>
            {open ? '收起额度' : '成员额度'}
          </Button>
          <Button size="small" type="link" onClick={onEdit}>
            编辑
          </Button>
          <Button size="small" type="link" loading={download.isPending} onClick={() => download.mutate()}>
            导出对账单
          </Button>
        </div>
      </div>
      {open ? <CardAllowances card={card} /> : null}
    </article>
  );
}

/** 经费卡: the community's cards, add and edit, each card's members and allowances. */
export function GrantCards({ communityRid }: { communityRid: string }) {
  const { data, isPending, isError, error, refetch } = useGrantCards(communityRid);
  const [editing, setEditing] = useState<GrantCard | null | 'new'>(null);
  let body;
  if (isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (isError) body = <LoadFailed title="经费卡加载失败" error={error} onRetry={refetch} />;
  else if (data.length === 0) body = <Empty description="还没有经费卡：新增后为成员设置额度，成员即可用经费卡支付订单" />;
  else body = data.map((card) => <CardItem key={card.rid} card={card} onEdit={() => setEditing(card)} />);
  return (
    <section aria-labelledby="grant-cards-title" className="grant-section">
      <div className="member-page-head">
        <h2 id="grant-cards-title">经费卡</h2>
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          新增经费卡
        </Button>
      </div>
      {body}
      {editing ? <CardFormModal communityRid={communityRid} editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
