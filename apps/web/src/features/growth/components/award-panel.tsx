import { Alert, Button, DatePicker, Form, Input, Pagination, Radio, Skeleton, Tag } from 'antd';
import { FileDoneOutlined } from '@ant-design/icons';
import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { pointsApplyBody, THANKS_CONSENTS, thanksConsentLabels, type PointsApplication, type ThanksConsent } from '@lab/contract';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { SchemaForm } from '../../../components/schema-form';
import { applyAward } from '../api/apply-award';
import { useApplications } from '../api/list-applications';
import { formatPoints } from './points-format';

const statusColor: Record<PointsApplication['status'], string> = { pending: 'processing', approved: 'success', refused: 'error' };

interface Values {
  title?: string;
  journal?: string;
  doi?: string;
  published_on?: Dayjs | null;
  citation_code?: string;
  thanks_consent?: ThanksConsent;
  affiliation?: string;
  acknowledgement?: string;
}

function ApplicationList() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error } = useApplications(page);
  if (isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (isError) return <Alert type="error" showIcon title="申请记录加载失败" description={error.message} />;
  if (data.list.length === 0) return <p className="member-muted">还没有提交过致谢奖励申请。</p>;
  return (
    <>
      <ul className="member-list" aria-label="我的致谢奖励申请">
        {data.list.map((a) => (
          <li key={a.rid} className="member-item" data-testid="award-application">
            <div className="member-item-main">
              <h3>
                {a.title}
                <Tag color={statusColor[a.status]}>{a.statusText}</Tag>
              </h3>
              <p className="points-meta">
                <span>{a.journal}</span>
                {a.doi ? <span>DOI：{a.doi}</span> : null}
                {a.citationCode ? <span>引用代码：{a.citationCode}</span> : null}
                {a.citationCode ? <span>论文致谢栏目：{a.thanksConsentText}</span> : null}
              </p>
              {a.status === 'refused' && a.reason ? <p className="points-error">未通过原因：{a.reason}</p> : null}
              <p className="member-muted">提交时间 {formatDateTime(a.createdAt)}</p>
            </div>
            {a.points !== null ? (
              <div className="member-item-actions">
                <span className="points-ledger-points is-in">+{formatPoints(a.points)} 积分</span>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {data.total > data.pageSize ? <Pagination align="end" current={page} pageSize={data.pageSize} total={data.total} onChange={setPage} showSizeChanger={false} /> : null}
    </>
  );
}

/** 论文致谢奖励: apply with a paper that acknowledges the lab; staff approve with the points. */
export function AwardPanel() {
  const [form] = Form.useForm<Values>();
  const consent = (Form.useWatch('thanks_consent', form) as ThanksConsent | undefined) ?? 'none';
  const apply = useApiMutation({
    mutationFn: applyAward,
    invalidates: memberDataKeys,
    onSuccess: () => {
      feedback.success('申请已提交，审核通过后发放奖励积分');
      form.resetFields();
    },
  });

  return (
    <div className="points-award">
      <Alert
        className="member-form-note"
        type="info"
        showIcon
        title="论文在致谢（Acknowledgements）中注明使用了本平台的检测服务，发表后即可申请。工作人员核实后发放奖励积分，结果会以站内信通知。"
      />
      <SchemaForm
        form={form}
        name="pointsApply"
        schema={pointsApplyBody}
        initialValues={{ thanks_consent: 'none' }}
        body={(values) => ({ ...values, published_on: values.published_on ? values.published_on.format('YYYY-MM-DD') : '' })}
        layout="vertical"
        className="member-form"
        onSubmit={(body) => apply.mutate(body)}
      >
        <Form.Item label="论文题目" name="title" required>
          <Input maxLength={200} placeholder="与发表版本一致" />
        </Form.Item>
        <div className="member-form-grid">
          <Form.Item label="期刊名称" name="journal" required>
            <Input maxLength={100} placeholder="如 Advanced Materials" />
          </Form.Item>
          <Form.Item label="DOI" name="doi">
            <Input maxLength={100} placeholder="选填，如 10.1002/adma.202400001" />
          </Form.Item>
          <Form.Item label="发表日期" name="published_on">
            <DatePicker style={{ width: '100%' }} inputReadOnly showNow={false} placeholder="选填" disabledDate={(d) => d.isAfter(dayjs().endOf('day'))} />
          </Form.Item>
          <Form.Item label="引用代码" name="citation_code" extra="订单「论文方法与致谢」中致谢语所附的代码，填写后审核更快">
            <Input maxLength={20} placeholder="选填，如 KY-0WM4X-6BJEM" autoComplete="off" />
          </Form.Item>
        </div>
        <Form.Item
          label="在网站「论文致谢」栏目展示"
          name="thanks_consent"
          extra="填写引用代码的论文审核通过后，按您的选择展示论文题目、期刊、DOI、测试项目和致谢语；不选择则不展示。"
        >
          <Radio.Group aria-label="在网站论文致谢栏目展示" options={THANKS_CONSENTS.map((value) => ({ value, label: thanksConsentLabels[value] }))} />
        </Form.Item>
        {consent === 'paper_affiliation' ? (
          <Form.Item label="展示单位" name="affiliation" required>
            <Input maxLength={60} placeholder="如 复旦大学 材料科学系" />
          </Form.Item>
        ) : null}
        {consent !== 'none' ? (
          <Form.Item label="致谢原文" name="acknowledgement" extra="选填：论文中致谢本平台的原句；不填则写明测试项目和引用代码">
            <Input.TextArea maxLength={300} rows={2} placeholder="如 We thank the Lab Testing Center for XRD measurements (KY-0WM4X-6BJEM)." />
          </Form.Item>
        ) : null}
        <div className="member-form-actions">
          <Button type="primary" htmlType="submit" icon={<FileDoneOutlined />} loading={apply.isPending}>
            提交申请
          </Button>
        </div>
      </SchemaForm>
      <h3 className="points-subtitle">我的申请</h3>
      <ApplicationList />
    </div>
  );
}
