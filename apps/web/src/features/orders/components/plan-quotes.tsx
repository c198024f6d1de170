import { Button, Tag } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { formatFen, type DocumentStatus } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { formatDate } from '../../../lib/format';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { downloadPlanQuote, quotesKey, useQuotes } from '../api/plan-quotes';

const statusColor: Record<DocumentStatus, string> = { valid: 'success', expired: 'warning', revoked: 'error', converted: 'processing', superseded: 'default' };

/** 报价单: seal the plan's prices for 30 days, and order at them with the quote's number. */
export function PlanQuotes({ disabled }: { disabled: boolean }) {
  const quotes = useQuotes();
  const make = useApiMutation({
    mutationFn: downloadPlanQuote,
    invalidates: [quotesKey],
    onSuccess: (name) => feedback.success(`已下载 ${name}`),
  });
  const list = (quotes.data ?? []).slice(0, 5);
  return (
    <section className="member-card plan-quotes" aria-label="报价单">
      <div className="ord-card-head-row">
        <h2 className="member-card-title">报价单</h2>
        <Button icon={<FilePdfOutlined />} loading={make.isPending} disabled={disabled} onClick={() => make.mutate()}>
          生成报价单（盖章 PDF）
        </Button>
      </div>
      <p className="member-muted">按当前价格为计划中的送样检测项目出具盖章报价单，有效期 30 天；有效期内凭报价单下单，按报价单单价计价。</p>
      {list.length > 0 ? (
        <ul className="member-list" data-testid="quote-list">
          {list.map((q) => (
            <li key={q.no} className="member-item">
              <div className="member-item-main">
                <h3>
                  {q.no} <Tag color={statusColor[q.status]}>{q.statusText}</Tag>
                </h3>
                <p className="member-muted">
                  {q.lineCount} 个项目，合计 {formatFen(q.totalFen)}，有效期至 {formatDate(q.expiresAt)}
                  {q.orderNo ? `，已下单 ${q.orderNo}` : ''}
                </p>
              </div>
              <div className="member-item-actions">
                {q.status === 'valid' ? (
                  <Link to={`/experiment/confirm?quote=${encodeURIComponent(q.no)}`}>
                    <Button size="small" type="primary">
                      按报价下单
                    </Button>
                  </Link>
                ) : q.status === 'expired' ? (
                  <span className="member-muted">已过期，请重新生成</span>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
