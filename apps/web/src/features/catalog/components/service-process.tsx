import { useId, useState, type KeyboardEvent } from 'react';
import { SectionHeading } from './section-heading';

export interface ProcessStep {
  title: string;
  text: string;
}

/** College customers (the default tab): six steps. */
export const collegeSteps: ProcessStep[] = [
  { title: '注册账号', text: '注册并完善高校身份信息，即可开通“先测后付”权限，并配备专属顾问一对一服务。' },
  { title: '登录下单', text: '登录后选择检测项目、填写测试需求并下单，系统自动生成实验方案。' },
  { title: '提交协议与样品', text: '确认并提交送样协议后寄出样品；上海、苏州两地可享免费上门取样。' },
  { title: '样品签收', text: '样品到达实验室后短信通知，客户经理 2 小时内致电确认测试细节。' },
  { title: '数据交付', text: '测试完成后 2 小时内，通过短信、邮件及系统消息通知您查收数据。' },
  { title: '财务结算', text: '可按需申请开具发票；全额付款后 48 小时内寄回样品；推荐预存费用，结算更省心。' },
];

/** Enterprise customers: five steps. */
export const enterpriseSteps: ProcessStep[] = [
  { title: '注册账号', text: '注册企业账号，由专属顾问全程对接您的测试需求。' },
  { title: '锁定方案', text: '与顾问沟通确认实验方案，锁定测试条件并获取准确报价。' },
  { title: '签约预付', text: '确认方案后签订测试合同，并全额预付测试费用。' },
  { title: '寄送样品', text: '按要求寄送样品，样品签收后客户经理 2 小时内致电跟进。' },
  { title: '数据交付', text: '测试完成后 2 小时内，通过短信、邮件及系统消息通知您查收数据。' },
];

const tabs = [
  { key: 'college', label: '高校客户', steps: collegeSteps },
  { key: 'enterprise', label: '企业客户', steps: enterpriseSteps },
] as const;

type TabKey = (typeof tabs)[number]['key'];

/** Service-process tabs: college customers (default) and enterprise customers. */
export function ServiceProcess() {
  const [active, setActive] = useState<TabKey>('college');
  const baseId = useId();
  const current = tabs.find((tab) => tab.key === active) ?? tabs[0];

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = active === 'college' ? 'enterprise' : 'college';
    setActive(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };

  return (
    <section className="hp-section" aria-labelledby="hp-process-title">
      <div className="hp-container">
        <SectionHeading id="hp-process-title" title="服务流程" subtitle="流程透明、节点可查，每一步都有专人跟进" />
        <div className="hp-process-tabs" role="tablist" aria-label="客户类型">
          {tabs.map((tab) => (
            <button
              key={tab.key}
              id={`${baseId}-tab-${tab.key}`}
              type="button"
              role="tab"
              aria-selected={tab.key === active}
              aria-controls={`${baseId}-panel`}
              tabIndex={tab.key === active ? 0 : -1}
              className={tab.key === active ? 'hp-process-tab is-active' : 'hp-process-tab'}
              onClick={() => setActive(tab.key)}
              onKeyDown={onKeyDown}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${active}`}>
          <ol className={`hp-steps hp-steps-${current.steps.length}`}>
            {current.steps.map((step, index) => (
              <li key={step.title} className="hp-step">
                <span className="hp-step-no" aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <h3 className="hp-step-title">{step.title}</h3>
                <p className="hp-step-text">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
