import { Alert, Empty, Pagination, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { formatFen, type PrestoreStatus } from '@lab/contract';
import { CancelRequestButton } from '../../../components/member/cancel-request-button';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { usePrestores } from '../api/list-prestores';
import { cancelPrestore } from '../api/cancel-prestore';
import { formatDateTime } from './money';
import { ReceiptUpload } from './receipt-upload';

export const prestoreStatusColor: Record<PrestoreStatus, string> = { pending: 'processing', confirmed: 'success', refused: 'error', cancelled: 'default' };

/** 预存申请: status, amounts, receipt upload and cancel while pending. */
export function PrestoreList() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error } = usePrestores(page);
  const cancel = useApiMutation({ mutationFn: cancelPrestore, invalidates: memberDataKeys, onSuccess: () => feedback.success('预存申请已取消') });

  if (isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (isError) return <Alert type="error" showIcon title="预存申请加载失败" description={error.message} />;
  if (data.list.length === 0) return <Empty className="member-empty" description="还没有预存申请。预存后下单可直接用余额支付，满额还有赠送。" />;
  return (
    <>
      <ul className="member-list" aria-label="预存申请">
        {data.list.map((p) => (
          <li key={p.rid} className="member-item" data-testid="prestore-item">
            <div className="member-item-main">
              <h3>
                {formatFen(p.amountFen)}
                {p.bonusFen > 0 ? <span className="funds-bonus">赠 {formatFen(p.bonusFen)}</span> : null}
                <Tag color={prestoreStatusColor[p.status]}>{p.statusText}</Tag>
                {p.invoiceable ? <Tag color="blue">可开票</Tag> : null}
              </h3>
              <p className="funds-meta">
                <span>
                  预存单号：<strong>{p.applyNo}</strong>
                </span>
                <span>预存到：{p.community ? p.community.name : '我的账户'}</span>
              </p>
              {p.payer ? <p>付款户名：{p.payer}</p> : null}
              {p.remark ? <p className="member-muted">备注：{p.remark}</p> : null}
              {p.refuseReason ? <p className="funds-error-text">驳回原因：{p.refuseReason}</p> : null}
              <p className="member-muted funds-meta">
                <span>申请时间 {formatDateTime(p.createdAt)}</span>
                {p.confirmedAt ? <span>到账时间 {formatDateTime(p.confirmedAt)}</span> : null}
                {p.status === 'pending' ? <span>{p.hasReceipt ? '已上传凭证' : '未上传凭证'}</span> : null}
              </p>
            </div>
            {p.status === 'pending' ? (
              <div className="member-item-actions">
                <ReceiptUpload rid={p.rid} hasReceipt={p.hasReceipt} />
                <CancelRequestButton what="预存申请" note="如已转账，请勿取消，等待财务确认即可。" busy={cancel.isPending && cancel.variables === p.rid} onConfirm={() => cancel.mutate(p.rid)} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {data.total > data.pageSize ? <Pagination align="end" current={page} pageSize={data.pageSize} total={data.total} onChange={setPage} showSizeChanger={false} /> : null}
    </>
  );
}
