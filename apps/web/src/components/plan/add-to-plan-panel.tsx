import { useState } from 'react';
import { CheckCircleFilled, CustomerServiceOutlined, DownOutlined, ShoppingCartOutlined } from '../icons';
import { Link } from 'react-router';
import { formatFen } from '@lab/contract/display';
import { SAMPLE_COUNT_MAX } from '@lab/contract/orders/values';
import type { PricedOption } from '@lab/contract';
import { ApiError } from '../../lib/api';
import { useAfterLogin } from '../../lib/use-after-login';
import { siteInfo } from '../../lib/site-info';
import { feedback } from '../../lib/feedback';
import { useApiMutation } from '../../lib/use-api-mutation';
import { AutoSizeTextarea, NumberInput, PlainButton } from '../plain-controls';
import { PlainField, usePlainForm } from '../plain-form';
import { addToPlan } from '../../features/orders/api/plan/add-to-plan';
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
  import('@lab/contract/orders/plan-schemas').then(
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
  const [added, setAdded] = useState(false);
  const add = useApiMutation({
    mutationFn: addToPlan,
    onSuccess: () => {
      setAdded(true);
      form.set('note', '');
      feedback.success('已加入实验计划');
      refreshPlanData();
    },
  });
  const form = usePlainForm({
    schema: loadPlanRules,
    initialValues: {
      choices: Object.fromEntries(item.options.filter((o) => o.choices.length > 0).map((o) => [String(o.id), o.choices[0]!.id])) as Record<string, number>,
      count: 1,
      note: '',
    },
    body: ({ choices, count, note }) => ({ rid: item.rid, count, options: choices, note }),
    onSubmit: (body) => {
      setAdded(false);
      add.mutate(body);
    },
  });
  const { choices, count } = form.values;

  const extraFen = item.options.reduce((sum, o) => sum + (o.choices.find((c) => c.id === choices[String(o.id)])?.priceFen ?? 0), 0);
  const unitFen = item.priceFen + extraFen;

  // a visitor's 加入实验计划 waits for the login and is then done (已加入实验计划); closing the panel without logging in drops it
  const afterLogin = useAfterLogin(() => form.submit());
  const submit = () => afterLogin.request(undefined);

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
                onChange={(event) => form.set('choices', { ...choices, [String(option.id)]: Number(event.target.value) })}
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
        <PlainField form={form} name="count" label={`样品数量（${item.unit}）`} className="plan-add-field">
          {(control) => <NumberInput {...control} aria-label="样品数量" value={count} min={1} max={SAMPLE_COUNT_MAX} onChange={(next) => form.set('count', next)} />}
        </PlainField>
      </div>
      <PlainField form={form} name="note" label="备注" className="plan-add-field plan-add-note">
        {(control) => <AutoSizeTextarea {...control} {...form.text('note')} aria-label="备注" maxLength={500} minRows={1} maxRows={3} placeholder="测试要求、样品特殊说明等（选填）" />}
      </PlainField>
      <div className="plan-add-sum">
        <span>预估费用</span>
        <strong data-testid="plan-add-estimate">{formatFen(unitFen * count)}</strong>
        <small>
          {formatFen(unitFen)}/{item.unit} × {count}，以实验计划结算为准
        </small>
      </div>
      <div className="plan-add-actions">
        <PlainButton
          variant="primary"
          size="lg"
          icon={<ShoppingCartOutlined />}
          loading={form.checking || add.isPending}
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
