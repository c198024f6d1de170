import { useEffect, useState } from 'react';
import { Modal, Select } from 'antd';
import { feedback } from '../../../lib/feedback';
import { useAdvisers } from '../api/list-staff-names';
import { setAdviser, useMemberMutation } from '../api/save-member';

/** 设置客户经理: an active customer manager looks after the member, or nobody. */
export function AdviserModal({ open, rid, current, onClose }: { open: boolean; rid: string; current: number | null; onClose: () => void }) {
  const advisers = useAdvisers();
  const [value, setValue] = useState<number | null>(current);
  const save = useMemberMutation(setAdviser);

  useEffect(() => {
    if (open) setValue(current);
  }, [open, current]);

  const options = [{ value: 0, label: '不指定客户经理' }, ...(advisers.data ?? []).map((person) => ({ value: person.id, label: `${person.name}${person.role === 'admin' ? '（管理员）' : ''}` }))];

  return (
    <Modal
      title="设置客户经理"
      open={open}
      onCancel={onClose}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      destroyOnHidden
      onOk={async () => {
        save.mutate({ rid, adviserId: value || null }, {
          onSuccess: (member) => {
            feedback.success(member.adviser ? `客户经理已设为${member.adviser.name}` : '已取消客户经理');
            onClose();
          },
        });
      }}
    >
      <p className="admin-muted" style={{ marginTop: 0 }}>客户经理负责跟进该会员的需求、订单与回访，可在会员列表中按「我负责的客户」筛选。</p>
      <Select style={{ width: '100%' }} value={value ?? 0} options={options} loading={advisers.isLoading} onChange={(next) => setValue(next)} aria-label="客户经理" showSearch optionFilterProp="label" />
    </Modal>
  );
}
