import { Alert, Button, Empty, Pagination, Popconfirm, Skeleton, Tabs, Tag } from 'antd';
import { CheckOutlined, EditOutlined, RightOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatFen, requirementStatusLabels, requirementStatuses, type Requirement, type RequirementStatus } from '@lab/contract';
import { formatDate } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { useRequirements } from '../api/list-requirements';
import { acceptRequirement } from '../api/accept-requirement';
import { cancelRequirement } from '../api/cancel-requirement';
import { downloadRequirementFile } from '../api/download-requirement-file';
import { FileDownload } from '../components/file-download';
import '../../../components/member/member-pages.css';
import '../components/requirements.css';

const PAGE_SIZE = 10;
const statusColor: Record<RequirementStatus, string> = { open: 'processing', quoted: 'warning', accepted: 'success', closed: 'default', cancelled: 'default' };

function Quote({ quote }: { quote: NonNullable<Requirement['quote']> }) {
  return (
    <div className="rq-quote" aria-label="实验室报价">
      <div className="rq-quote-head">
        <span>实验室报价</span>
        <span className="member-muted">报价日期 {formatDate(quote.quotedAt)}</span>
      </div>
      <ul className="rq-quote-lines">
        {quote.lines.map((line, i) => (
          <li key={`${line.rid}-${i}`}>
            <span className="rq-line-name">
              {line.name}
              <small>
                {line.options.length > 0 ? `${line.options.map((o) => `${o.name}：${o.label}`).join('；')} · ` : ''}
                {formatFen(line.unitPriceFen)} × {line.count}
              </small>
            </span>
            <span className="rq-line-amount">{formatFen(line.amountFen)}</span>
          </li>
        ))}
      </ul>
      <div className="rq-quote-total">
        报价合计 <strong data-testid="quote-total">{formatFen(quote.totalFen)}</strong>
      </div>
      {quote.note ? <p className="rq-quote-note">报价说明：{quote.note}</p> : null}
    </div>
  );
}

function RequirementItem({ requirement: r }: { requirement: Requirement }) {
  const accept = useApiMutation({ mutationFn: () => acceptRequirement(r.rid), invalidates: memberDataKeys, onSuccess: () => feedback.success('报价已加入实验计划') });
  const cancel = useApiMutation({ mutationFn: () => cancelRequirement(r.rid), invalidates: memberDataKeys, onSuccess: () => feedback.success('需求已撤回') });
  return (
    <li className="member-item" data-testid="requirement-item">
      <div className="member-item-main">
        <h3>
          {r.title}
          <Tag color={statusColor[r.status]}>{r.statusText}</Tag>
        </h3>
        <p>{r.content}</p>
        <p>样品信息：{r.samples}</p>
        <p className="rq-files">
          {r.budget ? <span>预算：{r.budget}</span> : null}
          {r.deadline ? <span>期望完成：{r.deadline}</span> : null}
          <span>
            联系人：{r.contact} {r.phone}
          </span>
        </p>
        {r.files.length > 0 ? (
          <p className="rq-files">
            附件：
            {r.files.map((f) => (
              <FileDownload key={f.id} type="link" icon="clip" label={f.name} download={() => downloadRequirementFile(r.rid, f.id, f.name)} />
            ))}
          </p>
        ) : null}
        {r.quote ? <Quote quote={r.quote} /> : null}
        {r.status === 'open' ? <p className="member-muted">工程师正在评估您的需求，报价后会通过站内信通知您。</p> : null}
        {r.status === 'accepted' ? (
          <Alert
            className="rq-next"
            type="success"
            showIcon
            title="报价已加入实验计划"
            action={
              <Link to="/experiment/plan">
                <Button size="small" type="primary">
                  去实验计划下单 <RightOutlined />
                </Button>
              </Link>
            }
          />
        ) : null}
        <p className="member-muted">提交于 {formatDate(r.createdAt)}</p>
      </div>
      <div className="member-item-actions">
        {r.status === 'quoted' ? (
          <Popconfirm
            title="接受该报价？"
            description={r.quote ? `报价项目将加入实验计划，合计 ${formatFen(r.quote.totalFen)}。` : '报价项目将加入实验计划。'}
            okText="接受报价"
            cancelText="再看看"
            onConfirm={() => accept.mutate()}
          >
            <Button size="small" type="primary" icon={<CheckOutlined />} loading={accept.isPending}>
              接受报价并加入实验计划
            </Button>
          </Popconfirm>
        ) : null}
        {r.status === 'open' || r.status === 'quoted' ? (
          <Popconfirm title="确定撤回该需求吗？" description="撤回后工程师将不再跟进此需求。" okText="撤回" cancelText="取消" okButtonProps={{ danger: true }} onConfirm={() => cancel.mutate()}>
            <Button size="small" loading={cancel.isPending}>
              撤回
            </Button>
          </Popconfirm>
        ) : null}
      </div>
    </li>
  );
}

function RequirementList({ status }: { status: RequirementStatus | undefined }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error } = useRequirements(page, PAGE_SIZE, status);
  if (isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (isError) return <Alert type="error" showIcon title="需求加载失败" description={error.message} />;
  if (data.list.length === 0) {
    return (
      <Empty className="member-empty" description={status ? `暂无${requirementStatusLabels[status]}的需求` : '还没有提交过测试需求。找不到合适的项目或需要定制方案时，提交需求由工程师为您报价。'}>
        {status ? null : (
          <Link to="/require">
            <Button type="primary">提交测试需求</Button>
          </Link>
        )}
      </Empty>
    );
  }
  return (
    <>
      <ul className="member-list" aria-label="我的需求">
        {data.list.map((r) => (
          <RequirementItem key={r.rid} requirement={r} />
        ))}
      </ul>
      {data.total > data.pageSize ? <Pagination align="end" current={page} pageSize={data.pageSize} total={data.total} onChange={setPage} /> : null}
    </>
  );
}

/** 我的需求 (/experiment/demand): my posted requirements, their attachments and the lab's quotes; accept a quote into the plan or withdraw. */
export default function DemandPage() {
  return (
    <div className="member-page">
      <div className="member-page-head">
        <h1 className="page-title">我的需求</h1>
        <Link to="/require">
          <Button type="primary" icon={<EditOutlined />}>
            提交新需求
          </Button>
        </Link>
      </div>
      <p className="member-page-lead">工程师评估后给出报价；接受报价后，报价项目会加入实验计划，可在实验计划中填写样品信息并下单。</p>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'all', label: '全部', children: <RequirementList status={undefined} /> },
          ...requirementStatuses.map((s) => ({ key: s, label: requirementStatusLabels[s], children: <RequirementList status={s} /> })),
        ]}
      />
    </div>
  );
}
