import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Empty, Form, Input, Pagination, Skeleton } from 'antd';
import { consultAddBody, CONSULT_TEXT_MAX, type ConsultationSummary } from '@lab/contract';
import { SchemaForm } from '../../../components/schema-form';
import { ConsultStatusTag } from '../../../components/consult/consult-thread';
import { LoadFailed } from '../../../components/member/load-failed';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { useAskConsultation, useMyConsultations } from '../api/consultations';
import '../../../components/member/member-pages.css';
import '../components/consult.css';

/** 我要咨询: a new question, answered by the lab's sales on its thread. */
function AskForm() {
  const [form] = Form.useForm<{ content: string }>();
  const navigate = useNavigate();
  const ask = useAskConsultation();
  return (
    <SchemaForm
      form={form}
      name="consult-ask"
      schema={consultAddBody}
      layout="vertical"
      className="consult-ask"
      initialValues={{ content: '' }}
      onSubmit={(body) =>
        ask.mutate(body.content, {
          onSuccess: (thread) => {
            feedback.success('咨询已提交');
            form.resetFields();
            void navigate(`/member/consult/${thread.rid}`);
          },
        })
      }
    >
      <Form.Item label="我要咨询" name="content" required>
        <Input.TextArea aria-label="咨询内容" rows={3} maxLength={CONSULT_TEXT_MAX} showCount placeholder="样品类型、测试项目、数量、期望周期或费用等，客服会在工作时间内回复" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={ask.isPending}>
        提交咨询
      </Button>
    </SchemaForm>
  );
}

function ConsultCard({ c }: { c: ConsultationSummary }) {
  const last = c.lastMessage;
  return (
    <li className="consult-card">
      <Link to={`/member/consult/${c.rid}`} className="consult-card-link">
        <span className="consult-card-head">
          <ConsultStatusTag status={c.status} />
          <strong className="consult-card-title">{c.content}</strong>
        </span>
        {c.messageCount > 1 ? (
          <span className="consult-card-last">
            {last.author === 'staff' ? `客服 · ${last.name}` : '我'}：{last.content}
          </span>
        ) : null}
        <span className="consult-card-meta">
          <span>共 {c.messageCount} 条</span>
          <time dateTime={c.lastMessageAt}>{formatDateTime(c.lastMessageAt)}</time>
        </span>
      </Link>
    </li>
  );
}

/** 我的咨询: my questions to the lab, each a thread; the latest word first. */
export default function ConsultPage() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, refetch } = useMyConsultations(page);
  return (
    <div className="member-page">
      <div className="member-page-head">
        <h1 className="page-title">我的咨询</h1>
      </div>
      <p className="member-page-lead">向客服咨询测试方案、样品要求与费用。客服回复后会通过站内消息和短信通知您，您可以在咨询中继续追问。</p>
      <AskForm />
      {isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : isError ? (
        <LoadFailed title="咨询加载失败" error={error} onRetry={refetch} />
      ) : data.list.length === 0 ? (
        <Empty className="member-empty" description="还没有咨询" />
      ) : (
        <>
          <ul className="consult-cards" aria-label="我的咨询">
            {data.list.map((c) => (
              <ConsultCard key={c.rid} c={c} />
            ))}
          </ul>
          {data.total > data.pageSize ? <Pagination align="end" current={page} pageSize={data.pageSize} total={data.total} showSizeChanger={false} onChange={setPage} /> : null}
        </>
      )}
    </div>
  );
}
