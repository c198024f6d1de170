import type { ReactNode } from 'react';
import { Button } from 'antd';
import { FilePdfOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { OrderDetail } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { downloadPaymentNotice, downloadStatement } from '../api/order-papers';

type Paper = 'statement' | 'notice';

/** The paper a finance office asks for, or why not (the server refuses with the same reason). */
export function noticeAvailable(order: Pick<OrderDetail, 'payLater' | 'payment' | 'progress'>): boolean {
  return order.payLater && order.progress !== 'cancelled' && (order.payment === 'unpaid' || order.payment === 'unsettled');
}

/** 报销材料: the order's sealed 测试明细清单, the 缴费通知书 of a pay-after-test order not yet paid, and (children) the whole pack's panel. */
export function OrderPapersSection({ order, children }: { order: Pick<OrderDetail, 'orderNo' | 'payLater' | 'payment' | 'progress'>; children?: ReactNode }) {
  const download = useApiMutation({
    mutationFn: (paper: Paper) => (paper === 'statement' ? downloadStatement(order.orderNo) : downloadPaymentNotice(order.orderNo)),
    onSuccess: (name) => feedback.success(`已下载 ${name}`),
  });
  if (order.progress === 'cancelled') return null;
  return (
    <section className="member-card" aria-label="报销材料">
      <h2 className="member-card-title">报销材料</h2>
      <p className="member-muted ord-section-lead">
        实验室电子签章的 PDF，含编号、SHA-256 与验证二维码，财务处可在 <Link to="/verify">文件验证</Link> 页核验真伪。
      </p>
      <div className="member-item-actions">
        <Button icon={<FilePdfOutlined />} loading={download.isPending && download.variables === 'statement'} onClick={() => download.mutate('statement')}>
          测试明细清单（盖章）
        </Button>
        {noticeAvailable(order) ? (
          <Button icon={<SafetyCertificateOutlined />} loading={download.isPending && download.variables === 'notice'} onClick={() => download.mutate('notice')}>
            缴费通知书（盖章）
          </Button>
        ) : null}
      </div>
      {children}
    </section>
  );
}
