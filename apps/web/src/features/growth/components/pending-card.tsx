import { Result } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import type { PromotionOverview } from '@lab/contract';
import { formatDateTime } from '../../../lib/format';

/** 审核中: the application as submitted, waiting for the lab's decision. */
export function PendingCard({ overview }: { overview: PromotionOverview }) {
  const application = overview.application;
  return (
    <section className="member-card promo-pending" aria-label="申请状态">
      <Result
        icon={<ClockCircleOutlined className="promo-pending-icon" />}
        title={<span data-testid="partner-status">{overview.statusText || '审核中'}</span>}
        subTitle="您的推广合伙人申请已提交，客户经理将在 1–2 个工作日内审核，结果会通过站内信和短信通知您。"
      />
      {application ? (
        <dl className="promo-application">
          <div>
            <dt>姓名</dt>
            <dd>{application.name}</dd>
          </div>
          <div>
            <dt>联系电话</dt>
            <dd>{application.phone}</dd>
          </div>
          <div>
            <dt>单位</dt>
            <dd>{application.organization}</dd>
          </div>
          <div>
            <dt>推广渠道</dt>
            <dd>{application.channel}</dd>
          </div>
          <div>
            <dt>提交时间</dt>
            <dd>{formatDateTime(application.createdAt)}</dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
