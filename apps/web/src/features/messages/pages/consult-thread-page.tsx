import { Link, useParams } from 'react-router';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { consultFollowUpBody, CONSULT_TEXT_MAX } from '@lab/contract';
import { SchemaForm } from '../../../components/schema-form';
import { ConsultStatusTag, ConsultThread } from '../../../components/consult/consult-thread';
import { LoadFailed } from '../../../components/member/load-failed';
import { feedback } from '../../../lib/feedback';
import { useConsultation, useFollowUpConsultation } from '../api/consultations';
import '../../../components/member/member-pages.css';
import '../components/consult.css';

/** 继续留言: one more message on my thread; a closed one opens again. */
function FollowUpForm({ rid, closed }: { rid: string; closed: boolean }) {
  const [form] = Form.useForm<{ content: string }>();
  const send = useFollowUpConsultation(rid);
  return (
    <SchemaForm
      form={form}
      name="consult-follow-up"
      schema={consultFollowUpBody}
      body={(values) => ({ ...values, rid })}
      layout="vertical"
      className="consult-reply"
      initialValues={{ content: '' }}
      onSubmit={(body) =>
        send.mutate(body.content, {
          onSuccess: () => {
            feedback.success('留言已发送');
            form.resetFields();
          },
        })
      }
    >
      <Form.Item label={closed ? '继续留言（将重新打开该咨询）' : '继续留言'} name="content" required>
        <Input.TextArea aria-label="留言内容" rows={3} maxLength={CONSULT_TEXT_MAX} showCount placeholder="补充问题或回复客服" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={send.isPending}>
        发送
      </Button>
    </SchemaForm>
  );
}

/** 我的咨询 → one thread: every message in time order, who wrote it and when, and a box to write more. */
export default function ConsultThreadPage() {
  const rid = useParams().rid ?? '';
  const { data, isPending, isError, error, refetch } = useConsultation(rid);
  return (
    <div className="member-page">
      <div className="member-page-head">
        <h1 className="page-title">咨询详情</h1>
        <Link to="/member/consult" className="consult-back">
          <LeftOutlined /> 我的咨询
        </Link>
      </div>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : isError ? (
        <LoadFailed title="咨询加载失败" error={error} onRetry={refetch} />
      ) : (
        <>
          <p className="consult-state">
            <ConsultStatusTag status={data.status} />
            {data.status === 'pending' ? '客服会在工作时间内尽快回复' : data.status === 'replied' ? '客服已回复，如有疑问可继续留言' : '客服已关闭该咨询'}
          </p>
          <ConsultThread messages={data.messages} viewer="member" />
          {data.status === 'closed' ? <Alert className="consult-closed" type="info" showIcon title="该咨询已关闭。如还有问题，继续留言即可重新打开。" /> : null}
          <FollowUpForm rid={data.rid} closed={data.status === 'closed'} />
        </>
      )}
    </div>
  );
}
