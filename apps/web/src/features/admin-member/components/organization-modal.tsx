import { Alert, Radio, Space } from 'antd';
import { adminMemberOrganizationBody } from '@lab/contract';
import { setOrganization } from '../api/save-member';
import { organizationOptions } from './labels';
import { MemberSettingModal } from './member-setting-modal';

const hints: Record<number, string> = {
  0: '可按学生价格下单，需填写导师信息。',
  3: '核实教师身份后设置；老师可以创建科研团体。',
  1: '个人用户。',
  2: '企业用户下单须全额预付。',
};

/** 设置用户类型: only staff verify 老师, 个人 and 企业 (members may only attest as 学生 themselves). */
export function OrganizationModal({ open, rid, current, onClose }: { open: boolean; rid: string; current: number | null; onClose: () => void }) {
  return (
    <MemberSettingModal
      title="设置用户类型"
      name="organization"
      open={open}
      current={current}
      onClose={onClose}
      schema={adminMemberOrganizationBody}
      field="organization"
      body={(value) => ({ rid, organization: value ?? '' })}
      call={setOrganization}
      done={() => '用户类型已更新'}
      intro={<Alert type="info" showIcon style={{ marginBottom: 16 }} title="请在核实证明材料后设置，会员会收到站内消息。" />}
      control={
        <Radio.Group aria-label="用户类型">
          <Space orientation="vertical">
            {organizationOptions.map((option) => (
              <Radio key={option.value} value={option.value}>
                <strong>{option.label}</strong>
                <span className="admin-muted" style={{ marginLeft: 8 }}>{hints[option.value]}</span>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      }
    />
  );
}
