import { Alert, Button, Result, Skeleton } from 'antd';
import { AuditOutlined, FileSearchOutlined, ShoppingCartOutlined, SolutionOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { siteInfo } from '../../../lib/site-info';
import { useUserInfo } from '../../../lib/user-info';
import { RequirementForm, type SubmittedRequirement } from '../components/requirement-form';
import '../components/requirements.css';
import { useSiteContact } from '../../../lib/site-contact';
import { AntScope } from '../../../components/ant-scope';

const steps = [
  { icon: <SolutionOutlined />, title: '提交需求', text: '描述测试目的与样品情况，可附方案或文献' },
  { icon: <FileSearchOutlined />, title: '工程师评估', text: '专业工程师确认测试方法与可行性' },
  { icon: <AuditOutlined />, title: '在线报价', text: '报价明细在「我的需求」中查看' },
  { icon: <ShoppingCartOutlined />, title: '加入实验计划', text: '接受报价后一键加入计划，下单寄样' },
];

function Submitted({ result, onAgain }: { result: SubmittedRequirement; onAgain: () => void }) {
  return (
    <Result
      status="success"
      title="需求已提交，我们会尽快联系您"
      subTitle={`需求「${result.requirement.title}」已收到，工程师评估后会给出报价，您可以在「我的需求」中随时查看进度。`}
      extra={[
        <Link key="demand" to="/experiment/demand">
          <Button type="primary">查看我的需求</Button>
        </Link>,
        <Button key="again" onClick={onAgain}>
          继续提交需求
        </Button>,
      ]}
    >
      {result.failed.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title="以下附件未能上传，可在「我的需求」中联系顾问补充"
          description={
            <ul className="rq-failed">
              {result.failed.map((f) => (
                <li key={f.name}>
                  {f.name}：{f.reason}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
    </Result>
  );
}

/**
 * /require: post a testing requirement (with attachments); the lab answers it with a quote. A
 * visitor reads and fills the form first; the login is asked on 提交需求 (RequirementForm).
 */
function RequirePageContent() {
  const contact = useSiteContact();
  const session = useSession();
  const info = useUserInfo();
  const [submitted, setSubmitted] = useState<SubmittedRequirement | null>(null);
  const [round, setRound] = useState(0);
  // /require?q=…: a search that found nothing brings its words, kept as what to test
  const [search] = useSearchParams();
  const asked = (search.get('q') ?? '').trim().slice(0, 100);

  useEffect(() => {
    document.title = '提交测试需求 - 科研检测服务商城';
  }, []);
  // a visitor's form stays the same form through their login (what they typed is sent after it), not redrawn for the member
  const [visitorForm] = useState(() => !session);

  return (
    <div className="rq-page">
      <div className="rq-header">
        <div className="rq-container">
          <nav aria-label="面包屑" className="rq-crumbs">
            <Link to="/">首页</Link>
            <span aria-hidden> / </span>
            <span aria-current="page">提交需求</span>
          </nav>
          <h1 className="rq-title">提交测试需求</h1>
          <p className="rq-lead">找不到合适的测试项目，或需要定制方案？告诉我们您的测试目的与样品，工程师为您评估方案并给出报价。</p>
        </div>
      </div>
      <div className="rq-container rq-body">
        <section className="rq-panel" aria-label="需求表单">
          {submitted ? (
            <Submitted
              result={submitted}
              onAgain={() => {
                setSubmitted(null);
                setRound((n) => n + 1);
              }}
            />
          ) : session && !visitorForm && info.isPending ? (
            <Skeleton active paragraph={{ rows: 8 }} />
          ) : (
            <RequirementForm
              key={round}
              initial={{ contact: info.data?.account.name || info.data?.account.nickname || undefined, phone: info.data?.account.phone, ...(asked && round === 0 ? { title: asked } : {}) }}
              onSubmitted={setSubmitted}
            />
          )}
        </section>
        <aside className="rq-aside" aria-label="服务流程">
          <h2 className="rq-aside-title">服务流程</h2>
          <ol className="rq-steps">
            {steps.map((step, i) => (
              <li key={step.title}>
                <span className="rq-step-icon" aria-hidden>
                  {step.icon}
                </span>
                <span>
                  <strong>
                    {i + 1}. {step.title}
                  </strong>
                  <small>{step.text}</small>
                </span>
              </li>
            ))}
          </ol>
          <div className="rq-contact">
            <p>需要帮助？</p>
            <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
            <small>{siteInfo.workingHours}</small>
          </div>
          {session ? (
            <Link to="/experiment/demand" className="rq-aside-link">
              查看我的需求与报价 →
            </Link>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

/** Loaded lazily, it brings antd along and puts antd's providers around itself (components/ant-scope). */
export default function RequirePage() {
  return (
    <AntScope>
      <RequirePageContent />
    </AntScope>
  );
}
