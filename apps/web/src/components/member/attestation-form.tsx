import { Alert, Button, Form, Input, Radio, Skeleton } from 'antd';
import { organizationLabels, profileAttestBody, type MemberProfile } from '@lab/contract';
import { useUserInfo } from '../../lib/user-info';
import { RegionCascader } from './region-cascader';
import { SchemaForm } from '../schema-form';
import { feedback } from '../../lib/feedback';
import { useApiMutation } from '../../lib/use-api-mutation';
import { memberDataKeys } from '../../api/refresh';
import { useProfile } from '../../features/member/api/profile/get-profile';
import { updateProfile } from '../../features/member/api/profile/update-profile';
import './member-forms.css';

/**
 * Spec: 0 student, 3 teacher, 1 individual, 2 enterprise; only the student type is selectable.
 * A type staff verified (teacher, individual, enterprise) is the member's: shown chosen, and kept.
 */
const verifiedType = (organization: number | null | undefined) => (organization !== null && organization !== undefined && organization !== 0 ? organization : null);
const organizationOptions = (verified: number | null) => [0, 3, 1, 2].map((value) => ({ value, label: organizationLabels[value] ?? '', disabled: value !== (verified ?? 0) }));

interface Values {
  name?: string;
  email?: string;
  organization?: number;
  company?: string;
  teacher?: string;
  teacher_phone?: string;
  teacher_mail?: string;
  address_code?: string;
  address?: string;
}

const initialValues = (profile: MemberProfile | undefined): Values => ({
  name: profile?.name ?? '',
  email: profile?.email ?? '',
  organization: verifiedType(profile?.organization) ?? 0,
  company: profile?.company ?? '',
  teacher: profile?.teacher ?? '',
  teacher_phone: profile?.teacher_phone ?? '',
  teacher_mail: profile?.teacher_mail ?? '',
  address_code: profile?.address_code ?? '',
  address: profile?.address ?? '',
});

/**
 * 资料认证 (profile verification): name, e-mail, user type, unit, advisor (students), region
 * and detailed address, all required with the spec's 「」 messages, the first one shown.
 */
export function AttestationForm({ onDone, onCancel, submitText = '提交认证' }: { onDone?: () => void; onCancel?: () => void; submitText?: string }) {
  const [form] = Form.useForm<Values>();
  const profile = useProfile();
  const { data: info } = useUserInfo();
  const update = useApiMutation({
    mutationFn: updateProfile,
    invalidates: memberDataKeys,
    onSuccess: () => {
      feedback.success('操作成功!');
      onDone?.();
    },
  });
  const verified = verifiedType(profile.data?.organization ?? info?.account.organization);
  const organization = Form.useWatch('organization', form) ?? verified ?? 0;

  if (profile.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;

  return (
    <SchemaForm form={form} name="attestation" schema={profileAttestBody} layout="vertical" className="member-form attest-form" initialValues={initialValues(profile.data)} requiredMark onSubmit={(body) => update.mutate(body)}>
      {verified !== null ? (
        <Alert className="member-form-note" type="info" showIcon title={`您的用户类型已由客服认证为「${organizationLabels[verified] ?? ''}」，提交资料不会改变该类型。`} />
      ) : null}
      <div className="member-form-grid">
        <Form.Item label="姓名" name="name" required>
          <Input maxLength={30} placeholder="请输入真实姓名" autoComplete="name" />
        </Form.Item>
        <Form.Item label="邮箱" name="email" required>
          <Input maxLength={100} placeholder="用于接收检测报告与发票" autoComplete="email" />
        </Form.Item>
      </div>
      <Form.Item label="用户类型" name="organization" required extra={verified !== null ? '用户类型由客服认证，如需修改请联系客服。' : '目前仅支持学生用户在线认证；老师可在「个人资料 → 老师认证」中一键申请，个人和企业用户请联系客服认证。'}>
        <Radio.Group options={organizationOptions(verified)} optionType="button" buttonStyle="solid" />
      </Form.Item>
      <Form.Item label="单位名称" name="company" required>
        <Input maxLength={100} placeholder="如：华东理工大学 材料科学与工程学院" />
      </Form.Item>
      {organization === 0 ? (
        <div className="member-form-grid member-form-grid-3">
          <Form.Item label="导师/负责人" name="teacher" required>
            <Input maxLength={30} placeholder="导师姓名" />
          </Form.Item>
          <Form.Item label="导师手机" name="teacher_phone" required>
            <Input maxLength={11} inputMode="numeric" placeholder="11 位手机号" />
          </Form.Item>
          <Form.Item label="导师邮箱" name="teacher_mail" required>
            <Input maxLength={100} placeholder="导师邮箱" />
          </Form.Item>
        </div>
      ) : null}
      <Form.Item label="收货地区" name="address_code" required>
        <RegionCascader placeholder="请选择省 / 市 / 区" />
      </Form.Item>
      <Form.Item label="详细地址" name="address" required>
        <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} placeholder="街道、门牌号、楼栋与房间号" />
      </Form.Item>
      <div className="member-form-actions">
        {onCancel ? <Button onClick={onCancel}>稍后完善</Button> : null}
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {submitText}
        </Button>
      </div>
    </SchemaForm>
  );
}
