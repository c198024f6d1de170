import { Select } from 'antd';
import { useAdvisers } from '../api/list-staff-names';
import { adminMemberAdviserBody } from '@lab/contract';
import { setAdviser } from '../api/save-member';
import { MemberSettingModal } from './member-setting-modal';

/** 设置客户经理: an active customer manager looks after the member, or nobody. */
export function AdviserModal({ open, rid, current, onClose }: { open: boolean; rid: string; current: number | null; onClose: () => void }) {
  const advisers = useAdvisers();
  const options = [{ value: 0, label: '不指定客户经理' }, ...(advisers.data ?? []).map((person) => ({ value: person.id, label: `${person.name}${person.role === 'admin' ? '（管理员）' : ''}` }))];

  return (
    <MemberSettingModal
      title="设置客户经理"
      name="adviser"
      open={open}
      current={current ?? 0}
      onClose={onClose}
      schema={adminMemberAdviserBody}
      field="adviser_id"
      body={(value) => ({ rid, adviser_id: value || '' })}
      call={(checked) => setAdviser({ rid: checked.rid, adviserId: checked.adviser_id ?? null })}
      done={(member) => (member.adviser ? `客户经理已设为${member.adviser.name}` : '已取消客户经理')}
      intro={<p className="admin-muted" style={{ marginTop: 0 }}>客户经理负责跟进该会员的需求、订单与回访，可在会员列表中按「我负责的客户」筛选。</p>}
      control={<Select style={{ width: '100%' }} options={options} loading={advisers.isLoading} aria-label="客户经理" showSearch optionFilterProp="label" />}
    />
  );
}
