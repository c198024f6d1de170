import { Alert, App, Button, Checkbox, Empty, Skeleton } from 'antd';
import { PlanQuotes } from '../components/plan-quotes';
import { ExperimentOutlined } from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatFen, type Plan } from '@lab/contract';
import { queryClient } from '../../../lib/query-client';
import { projectPath } from '../../../lib/site-info';
import { settled, useApiMutation } from '../../../lib/use-api-mutation';
import { useUserInfo } from '../../../lib/user-info';
import { attestationDialog } from '../../../lib/attestation';
import { refreshPlanData } from '../../../api/refresh';
import { planKey } from '../../../api/query-keys';
import { usePlan } from '../api/get-plan';
import { operatePlan } from '../api/operate-plan';
import { PlanLineRow } from '../components/plan-line-row';
import { OrderedItems } from '../components/ordered-items';
import '../../../components/member/member-pages.css';
import '../components/plan.css';

/**
 * The member has no address yet (the spec's basic information): ordering cannot go normally.
 * 完善基本信息 opens the 资料认证 dialog over this page (the plan, or checkout with its draft), not another page.
 */
export function BasicInfoWarning() {
  const info = useUserInfo();
  if (!info.data || info.data.addressList.length > 0) return null;
  return (
    <Alert
      className="plan-warning"
      type="warning"
      showIcon
      title="未完善基本信息将无法正常下单"
      description={
        <>
          请先完善资料认证与收件地址，检测报告、发票与样品寄回将以此为准。
          <Button type="link" size="small" className="plan-warning-action" onClick={() => attestationDialog.open()}>
            完善基本信息
          </Button>
        </>
      }
    />
  );
}

/**
 * 实验计划 (the cart): lines by service group as the server orders them, each with its count,
 * note and amount; unavailable lines greyed with the reason. The selected lines go to the
 * order form.
 */
export default function PlanPage() {
  const plan = usePlan();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  /** lines the member unticked; everything else available is selected */
  const [unticked, setUnticked] = useState<Set<string>>(() => new Set());
  const operate = useApiMutation({
    mutationFn: operatePlan,
    onSuccess: (data: Plan, body) => {
      queryClient.setQueryData(planKey, data);
      if (body.action === 'remove' || body.action === 'clear') refreshPlanData();
    },
    // the plan as the server has it now (a line gone meanwhile, a price changed)
    onError: () => void plan.refetch(),
  });
  /** the lines being removed show busy */
  const busyIds = operate.isPending && operate.variables.action === 'remove' ? operate.variables.ids : [];

  const lines = useMemo(() => (plan.data?.dataArr ?? []).flatMap((g) => g.items), [plan.data]);
  const available = lines.filter((l) => l.available);
  const selected = available.filter((l) => !unticked.has(l.id));
  const totalFen = selected.reduce((sum, l) => sum + l.amountFen, 0);
  const allChecked = available.length > 0 && selected.length === available.length;

  const tick = (ids: string[], checked: boolean) =>
    setUnticked((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (checked) next.delete(id);
        else next.add(id);
      }
      return next;
    });

  const clear = () =>
    modal.confirm({
      title: '清空实验计划',
      content: '将移除实验计划中的全部项目，确定清空吗？',
      okText: '清空',
      okButtonProps: { danger: true },
      cancelText: '取消',
      centered: true,
      onOk: () => settled(operate.mutateAsync({ action: 'clear', ids: [] })),
    });

  const goOrder = () => {
    if (selected.length === 0) return;
    void navigate(`/experiment/confirm?ids=${selected.map((l) => encodeURIComponent(l.id)).join(',')}`);
  };

  let body: React.ReactNode;
  if (plan.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (plan.isError) body = <Alert type="error" showIcon title="实验计划加载失败" description={plan.error.message} action={<Button onClick={() => void plan.refetch()}>重试</Button>} />;
  else if (lines.length === 0)
    body = (
      <Empty className="member-empty plan-empty" image={<ExperimentOutlined className="plan-empty-icon" />} description="实验计划还是空的，先挑选需要的检测项目吧">
        <Link to={projectPath(1, '送样检测')} className="plan-btn-link">
          去选择检测项目
        </Link>
      </Empty>
    );
  else
    body = (
      <>
        {plan.data.dataArr.map((group) => {
          const groupAvailable = group.items.filter((l) => l.available);
          const groupChecked = groupAvailable.filter((l) => !unticked.has(l.id)).length;
          return (
            <section key={group.type_id} className="plan-group" aria-label={group.name}>
              <header className="plan-group-head">
                <Checkbox
                  checked={groupAvailable.length > 0 && groupChecked === groupAvailable.length}
                  indeterminate={groupChecked > 0 && groupChecked < groupAvailable.length}
                  disabled={groupAvailable.length === 0}
                  onChange={(e) => tick(groupAvailable.map((l) => l.id), e.target.checked)}
                >
                  <strong>{group.name}</strong>
                </Checkbox>
                <span className="member-muted">{group.items.length} 项</span>
              </header>
              <ul className="plan-lines">
                {group.items.map((line) => (
                  <PlanLineRow
                    key={line.id}
                    line={line}
                    checked={line.available && !unticked.has(line.id)}
                    busy={busyIds.includes(line.id)}
                    onCheck={(checked) => tick([line.id], checked)}
                    onCount={(count) => operate.mutate({ action: 'count', ids: [line.id], count })}
                    onNote={(note) => operate.mutate({ action: 'note', ids: [line.id], note })}
                    onRemove={() => operate.mutate({ action: 'remove', ids: [line.id] })}
                  />
                ))}
              </ul>
            </section>
          );
        })}
        <div className="plan-bar" role="region" aria-label="结算">
          <Checkbox checked={allChecked} indeterminate={selected.length > 0 && !allChecked} disabled={available.length === 0} onChange={(e) => tick(available.map((l) => l.id), e.target.checked)}>
            全选
          </Checkbox>
          <Button type="link" danger onClick={clear} className="plan-bar-clear">
            清空
          </Button>
          <span className="plan-bar-sum">
            已选 <strong>{selected.length}</strong> 项，合计 <strong className="plan-bar-total" data-testid="plan-total">{formatFen(totalFen)}</strong>
          </span>
          <Button type="primary" size="large" disabled={selected.length === 0} onClick={goOrder}>
            去下单
          </Button>
        </div>
        <p className="plan-hint">价格按当前价目表实时计算，提交订单后锁定；样品信息、送样方式与发票需求在下一步填写。</p>
        <PlanQuotes disabled={available.length === 0} />
      </>
    );

  return (
    <div className="member-page plan-page">
      <div className="member-page-head">
        <h1 className="page-title">实验计划</h1>
        {lines.length > 0 ? <span className="member-muted">共 {lines.length} 项</span> : null}
      </div>
      <BasicInfoWarning />
      {body}
      <OrderedItems />
    </div>
  );
}
