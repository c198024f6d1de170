import { App, Button, Input, InputNumber, Select } from 'antd';
import { CheckCircleFilled, CustomerServiceOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatFen, planAddBody, SAMPLE_COUNT_MAX, type PricedOption } from '@lab/contract';
import { loginPanel } from '../../lib/login-panel';
import { useSession } from '../../lib/session';
import { siteInfo } from '../../lib/site-info';
import { useFeedback } from '../../lib/use-feedback';
import { addToPlan } from './api/add-to-plan';
import { refreshPlanData } from './api/plan-keys';
import './add-to-plan.css';

export interface AddToPlanItem {
  rid: string;
  name: string;
  priceFen: number;
  unit: string;
  options: PricedOption[];
}

const choiceText = (label: string, fen: number) => (fen === 0 ? label : `${label}（${fen > 0 ? '+' : ''}${formatFen(fen)}）`);

/**
 * The detail page's 加入实验计划: a choice for every option of the item (the first one
 * preselected), the sample count and a note. The estimate is shown for orientation only:
 * the server prices the line from the catalogue. A visitor is asked to log in first.
 */
export function AddToPlanPanel({ item }: { item: AddToPlanItem }) {
  const session = useSession();
  const location = useLocation();
  const { message } = App.useApp();
  const feedback = useFeedback();
  const [choices, setChoices] = useState<Record<string, number>>(() =>
    Object.fromEntries(item.options.filter((o) => o.choices.length > 0).map((o) => [String(o.id), o.choices[0]!.id])),
  );
  const [count, setCount] = useState<number>(1);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState(false);

  const extraFen = item.options.reduce((sum, o) => sum + (o.choices.find((c) => c.id === choices[String(o.id)])?.priceFen ?? 0), 0);
  const unitFen = item.priceFen + extraFen;

  const mutation = useMutation({
    mutationFn: addToPlan,
    onSuccess: () => {
      setAdded(true);
      setNote('');
      void message.success('已加入实验计划');
      refreshPlanData();
    },
    onError: (error) => feedback.failure(error),
  });

  const submit = () => {
    if (!session) {
      loginPanel.open({ intended: location.pathname });
      return;
    }
    const missing = item.options.find((o) => choices[String(o.id)] === undefined);
    if (missing) {
      setProblem(`请选择${missing.name}`);
      return;
    }
    const parsed = planAddBody.safeParse({ rid: item.rid, count, options: choices, note });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? '请检查填写的内容');
      return;
    }
    setProblem(null);
    setAdded(false);
    mutation.mutate(parsed.data);
  };

  return (
    <section className="plan-add" aria-labelledby="plan-add-title">
      <h2 id="plan-add-title" className="plan-add-title">
        选择测试条件
      </h2>
      <div className="plan-add-grid">
        {item.options.map((option) => (
          <div key={option.id} className="plan-add-field">
            <span className="plan-add-label">{option.name}</span>
            <Select
              aria-label={option.name}
              value={choices[String(option.id)]}
              onChange={(value: number) => setChoices((prev) => ({ ...prev, [String(option.id)]: value }))}
              options={option.choices.map((c) => ({ value: c.id, label: choiceText(c.label, c.priceFen) }))}
              popupMatchSelectWidth={false}
            />
          </div>
        ))}
        <label className="plan-add-field">
          <span className="plan-add-label">样品数量（{item.unit}）</span>
          <InputNumber
            aria-label="样品数量"
            min={1}
            max={SAMPLE_COUNT_MAX}
            precision={0}
            value={count}
            onChange={(value) => setCount(typeof value === 'number' ? value : 1)}
            style={{ width: '100%' }}
          />
        </label>
      </div>
      <label className="plan-add-field plan-add-note">
        <span className="plan-add-label">备注</span>
        <Input.TextArea
          aria-label="备注"
          value={note}
          maxLength={500}
          autoSize={{ minRows: 1, maxRows: 3 }}
          placeholder="测试要求、样品特殊说明等（选填）"
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      <div className="plan-add-sum">
        <span>预估费用</span>
        <strong data-testid="plan-add-estimate">{formatFen(unitFen * count)}</strong>
        <small>
          {formatFen(unitFen)}/{item.unit} × {count}，以实验计划结算为准
        </small>
      </div>
      {problem ? (
        <p className="plan-add-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="plan-add-actions">
        <Button type="primary" size="large" icon={<ShoppingCartOutlined />} loading={mutation.isPending} onClick={submit}>
          加入实验计划
        </Button>
        <Link to={`/contact?item=${encodeURIComponent(item.name)}`} className="plan-add-consult">
          <CustomerServiceOutlined /> 咨询此项目
        </Link>
        <a className="plan-add-call" href={`tel:${siteInfo.phone.replace(/-/g, '')}`}>
          电话 {siteInfo.phone}
        </a>
      </div>
      {added ? (
        <p className="plan-add-done" role="status">
          <CheckCircleFilled /> 已加入实验计划，<Link to="/experiment/plan">去实验计划下单</Link>
        </p>
      ) : null}
    </section>
  );
}
