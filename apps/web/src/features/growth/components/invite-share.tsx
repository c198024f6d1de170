import { Button, Input, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { InviteOverview } from '@lab/contract';
import { QrImage } from '../../../components/qr-image';
import { absoluteUrl } from '../../../lib/site-info';
import { feedback } from '../../../lib/feedback';
import { copyText } from '../../../lib/copy-text';

/** 我的邀请: the code, the absolute link with a copy button, its QR code, how many joined and the reward. */
export function InviteShare({ overview }: { overview: InviteOverview }) {
  const link = absoluteUrl(overview.invitePath);

  const copy = async () => {
    if (await copyText(link)) feedback.success('邀请链接已复制，发送给好友即可');
    else feedback.error('复制失败，请长按链接手动复制');
  };

  return (
    <section className="member-card invite-share" aria-label="我的邀请">
      <div className="invite-share-main">
        <div className="invite-code">
          <span>我的邀请码</span>
          <Typography.Text strong copyable={{ text: overview.inviteCode, tooltips: ['复制邀请码', '已复制'] }} data-testid="invite-code">
            {overview.inviteCode}
          </Typography.Text>
        </div>
        <div className="invite-link">
          <label htmlFor="invite-link">专属邀请链接</label>
          <div className="invite-link-row">
            <Input id="invite-link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
            <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()}>
              复制链接
            </Button>
          </div>
        </div>
        <dl className="invite-facts">
          <div>
            <dt>已邀请</dt>
            <dd>
              <strong data-testid="invited-count">{overview.invitedCount}</strong> 人
            </dd>
          </div>
          {overview.inviteReward ? (
            <div>
              <dt>好友奖励</dt>
              <dd data-testid="invite-reward">{overview.inviteReward}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <figure className="invite-qr">
        <QrImage value={link} label="邀请链接" size={136} />
        <figcaption>手机扫码注册</figcaption>
      </figure>
    </section>
  );
}
