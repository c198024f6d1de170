import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { formatDateTime } from '../../../lib/format';

/**
 * The status column of every finance queue: the tag, what the decision said (a refusal reads
 * as one), and who decided when — so a second look at a row needs no drawer.
 */
export function DecisionCell({
  tag,
  extra,
  note,
  refused = true,
  staffName,
  decidedAt,
}: {
  tag: ReactNode;
  extra?: ReactNode;
  note?: string | null;
  refused?: boolean;
  staffName?: string | null;
  decidedAt?: string | null;
}) {
  return (
    <div className="finance-stack">
      <span>{tag}</span>
      {extra}
      {note ? <span className={refused ? 'finance-reason' : 'admin-muted'}>{note}</span> : null}
      {staffName ? <span className="admin-muted">{`${staffName} ${formatDateTime(decidedAt ?? null)}`}</span> : null}
    </div>
  );
}

/** The two decisions a pending application takes; a decided one shows a dash (or `done`). */
export function PendingActions({
  pending,
  approveText,
  onApprove,
  onRefuse,
  done,
}: {
  pending: boolean;
  approveText: string;
  onApprove: () => void;
  onRefuse: () => void;
  done?: ReactNode;
}) {
  if (!pending) return done ?? <span className="admin-muted">—</span>;
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={onApprove}>
        {approveText}
      </Button>
      <Button type="link" size="small" danger onClick={onRefuse}>
        驳回
      </Button>
    </Space>
  );
}
