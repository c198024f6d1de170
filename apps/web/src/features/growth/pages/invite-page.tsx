import { Alert, Button, Skeleton } from 'antd';
import { useInviteOverview } from '../api/get-invite-overview';
import { InviteShare } from '../components/invite-share';
import { PartnerBanner } from '../components/partner-banner';
import { InviteeTable } from '../components/invitee-table';
import '../../../components/member/member-pages.css';
import '../components/invite.css';

/** 邀请好友 (/member/invite): my code and link with its QR code, the reward, the members I invited and their orders. */
export default function InvitePage() {
  const overview = useInviteOverview();

  if (overview.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (overview.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="邀请信息加载失败"
        description={overview.error.message}
        action={<Button onClick={() => void overview.refetch()}>重试</Button>}
      />
    );
  }
  return (
    <div className="member-page invite-page">
      <div className="member-page-head">
        <h1 className="page-title">邀请好友</h1>
      </div>
      <p className="member-page-lead">把专属链接或二维码分享给同学和同事，好友通过链接注册即成为您邀请的会员。</p>
      <InviteShare overview={overview.data} />
      <PartnerBanner partner={overview.data.partner} />
      <InviteeTable />
    </div>
  );
}
