import { useState } from 'react';
import { CheckCircleFilled, CustomerServiceOutlined, DownOutlined, ShoppingCartOutlined } from '../icons';
import { Link } from 'react-router';
import { formatFen } from '@lab/contract/display';
import { SAMPLE_COUNT_MAX } from '@lab/contract/order-values';
import type { PricedOption } from '@lab/contract';
import { ApiError } from '../../lib/api';
import { loginPanel } from '../../lib/login-panel';
import { useSession } from '../../lib/session';
import { siteInfo } from '../../lib/site-info';
import { feedback } from '../../lib/feedback';
import { useApiMutation } from '../../lib/use-api-mutation';
import { AutoSizeTextarea, NumberInput, PlainButton } from '../plain-controls';
import { addToPlan } from '../../api/plan/add-to-plan';
import { refreshPlanData } from '../../api/refresh';
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
 * The contract's rules for a plan line (zod and every schema of the area), fetched when a
 * member first asks to add one rather than with the page: its messages are the ones shown.
 */
const loadPlanRules = () =>
  import('@lab/contract/orders').then(
    (module) => module.planAddBody,
    // a script that cannot be fetched is the network's fault, said as the api client says it
    () => Promise.reject(new ApiError('网络连接失败，请检查网络后重试', 0)),
  );

/**
 * The detail page's 加入实验计划: a choice for every option of the item (the first one
 * preselected), the sample count and a note. The estimate is shown for orientation only:
 * the server prices the line from the catalogue. A visitor is asked to log in first, and finds
 * what they chose still there afterwards. Built without antd, as the detail page is.
 */
export function AddToPlanPanel({ item }: { item: AddToPlanItem }) {
  const session = useSession();
  const [choices, setChoices] = useState<Record<string, number>>(() =>
    Object.fromEntries(item.options.filter((o) => o.choices.length > 0).map((o) => [String(o.id), o.choices[0]!.id])),
  );
  const [count, setCount] = useState(1);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const add = useApiMutation({
    // the plan's rules load with the first click (the page paints without them); what they refuse is
    // not sent but shown under the form (the answer is that message, or null once the line is added)
    mutationFn: async (): Promise<string | null> => {
      const planAddBody = await loadPlanRules();
      const parsed = planAddBody.safeParse({ rid: item.rid, count, options: choices, note });
      if (!parsed.success) return parsed.error.issues[0]?.message ?? '请检查填写的内容';
      setProblem(null);
      setAdded(false);
      await addToPlan(parsed.data);
      return null;
    },
    onSuccess: (refused) => {
      if (refused) return setProblem(refused);
      setAdded(true);
      setNote('');
      feedback.success('已加入实验计划');
      refreshPlanData();
    },
  });

  const extraFen = item.options.reduce((sum, o) => sum + (o.choices.find((c) => c.id === choices[String(o.id)])?.priceFen ?? 0), 0);
  const unitFen = item.priceFen + extraFen;

  const submit = () => {
    if (!session) {
      // no `intended`: the visitor stays where they are, with what they chose, after logging in
      loginPanel.open({ view: 'sign' });
      return;
    }
    const missing = item.options.find((o) => choices[String(o.id)] === undefined);
    if (missing) {
      setProblem(`请选择${missing.name}`);
      return;
    }
    add.mutate();
  };

  return (
    <section className="plan-add" aria-labelledby="plan-add-title">
      <h2 id="plan-add-title" className="plan-add-title">
        选择测试条件
      </h2>
      <div className="plan-add-grid">
        {item.options.map((option) => (
          <label key={option.id} className="plan-add-field">
            <span className="plan-add-label">{option.name}</span>
            <span className="plain-select plain-select-block">
              <select
                aria-label={option.name}
                value={choices[String(option.id)] ?? ''}
                onChange={(event) => setChoices((prev) => ({ ...prev, [String(option.id)]: Number(event.target.value) }))}
              >
                {option.choices.map((c) => (
                  <option key={c.id} value={c.id}>
                    {choiceText(c.label, c.priceFen)}
                  </option>
                ))}
              </select>
              <DownOutlined />
            </span>
          </label>
        ))}
        <label className="plan-add-field">
          <span className="plan-add-label">样品数量（{item.unit}）</span>
          <NumberInput aria-label="样品数量" value={count} min={1} max={SAMPLE_COUNT_MAX} onChange={setCount} />
        </label>
      </div>
      <label className="plan-add-field plan-add-note">
        <span className="plan-add-label">备注</span>
        <AutoSizeTextarea
          aria-label="备注"
          value={note}
          maxLength={500}
          minRows={1}
          maxRows={3}
          placeholder="测试要求、样品特殊说明等（选填）"
          onChange={(event) => setNote(event.target.value)}
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
        <PlainButton
          variant="primary"
          size="lg"
          icon={<ShoppingCartOutlined />}
          loading={add.isPending}
          onClick={submit}
        >
          加入实验计划
        </PlainButton>
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
