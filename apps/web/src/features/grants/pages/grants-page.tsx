import { Select } from 'antd';
import { useState } from 'react';
import { useMyCommunities } from '../../member/api/list-my-communities';
import { GrantCards } from '../components/grant-cards';
import { GrantRequests } from '../components/grant-requests';
import '../../../components/member/member-pages.css';
import '../components/grants.css';

/**
 * 经费卡与审批 (科研团体): the owner's grant cards and the members' allowances on them, and the
 * approvals of payments above a member's limits (a member sees their own requests here too).
 */
export default function GrantsPage() {
  const { data } = useMyCommunities();
  const owned = (data ?? []).filter((c) => c.myRole === 'owner');
  const [chosen, setChosen] = useState<string | undefined>();
  const communityRid = chosen ?? owned[0]?.rid;
  return (
    <div className="member-page">
      <div className="member-page-head">
        <h1 className="page-title">经费卡与审批</h1>
        {owned.length > 1 ? (
          <Select aria-label="团体" value={communityRid} onChange={setChosen} options={owned.map((c) => ({ value: c.rid, label: c.name }))} style={{ minWidth: 200 }} />
        ) : null}
      </div>
      <p className="member-page-lead">
        负责人为团体登记经费卡（课题号），为每位成员设置额度和单笔自动批准上限。成员在额度内用经费卡支付时直接从团体预存款扣款；超出时订单进入「待导师审批」，负责人 7 天内未处理将自动拒绝。
      </p>
      <GrantRequests />
      {communityRid ? <GrantCards communityRid={communityRid} /> : null}
    </div>
  );
}
