import { Alert, Button, Form, Input } from 'antd';
import { updateInfoBody } from '@lab/contract';
import { AttestationForm } from '../../../components/member/attestation-form';
import { SchemaForm } from '../../../components/schema-form';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { maskPhone, useUserInfo } from '../../../lib/user-info';
import { formatDate } from '../../../lib/format';
import { useProfile } from '../api/profile/get-profile';
import { updateNickname } from '../api/update-nickname';
import { TeacherRequestCard } from '../components/teacher-request-card';
import '../../../components/member/member-pages.css';
import './member-center.css';

/** 昵称: one field and its 保存, enabled once the name differs from the saved one. */
function NicknameForm({ saved }: { saved: string }) {
  const [form] = Form.useForm<{ nickname: string }>();
  const nickname = Form.useWatch('nickname', form) ?? saved;
  const update = useApiMutation({
    mutationFn: updateNickname,
    invalidates: memberDataKeys,
    onSuccess: () => feedback.success('操作成功!'),
  });
  return (
    <SchemaForm form={form} name="nickname" schema={updateInfoBody} layout="inline" className="info-nickname" initialValues={{ nickname: saved }} onSubmit={(body) => update.mutate(body.nickname.trim())}>
      <Form.Item label="昵称" name="nickname" colon={false} className="info-nickname-field">
        <Input aria-label="昵称" maxLength={30} />
      </Form.Item>
      <Form.Item>
        <Button htmlType="submit" loading={update.isPending} disabled={nickname === saved}>
          保存
        </Button>
      </Form.Item>
    </SchemaForm>
  );
}

function NicknameCard() {
  const { data: info } = useUserInfo();
  const saved = info?.account.nickname ?? '';
  return (
    <section className="member-card" aria-label="账户">
      <h2 className="member-card-title">账户</h2>
      <dl className="mc-fields">
        <div>
          <dt>手机号</dt>
          <dd>{info ? maskPhone(info.account.phone) : ''}</dd>
        </div>
        <div>
          <dt>注册时间</dt>
          <dd>{info ? formatDate(info.account.createdAt) : ''}</dd>
        </div>
      </dl>
      {/* a new form once the saved name changes (or arrives), so it starts from that name */}
      <NicknameForm key={saved} saved={saved} />
    </section>
  );
}

/** the lab's review of the last submission, after the date it was made */
const reviewText = { none: '', pending: '（平台审核中）', approved: '（已通过审核）', refused: '（未通过审核）' } as const;

/** 个人资料: the account, and the 资料认证 form (the same as the dialog). */
export default function MemberInformationPage() {
  const profile = useProfile();
  const { data: info } = useUserInfo();
  const attestedAt = profile.data?.attestedAt;
  return (
    <div className="member-page">
      <h1 className="page-title">个人资料</h1>
      {info && info.addressList.length === 0 ? (
        <Alert type="warning" showIcon title="未完善基本信息将无法正常下单" description="请填写下方资料认证信息，提交后收货地区与详细地址将作为您的第一个收货地址。" />
      ) : null}
      <NicknameCard />
      <section className="member-card" aria-label="资料认证">
        <h2 className="member-card-title">资料认证</h2>
        <p className="member-muted" style={{ marginTop: -6 }}>
          {attestedAt ? `已于 ${formatDate(attestedAt)} 提交认证${reviewText[profile.data?.reviewStatus ?? 'none']}，可随时修改；修改后需重新审核，审核通过前不能选择测试后结算。` : '完善以下信息后即可正常下单，检测报告、发票与样品寄回将以此为准；资料经平台审核通过后，学生、老师用户可选择测试后结算。'}
        </p>
        {profile.data?.reviewStatus === 'refused' ? (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`资料认证未通过${profile.data.reviewNote ? `：${profile.data.reviewNote}` : ''}`} description="请修改后重新保存，平台将重新审核。" />
        ) : null}
        <AttestationForm submitText="保存资料" />
      </section>
      <TeacherRequestCard />
    </div>
  );
}
