import { Alert, Form, Input } from 'antd';
import { dayRange, daySpan, formatFen, type ItemWait } from '@lab/contract';
import { SampleRows } from './sample-rows';
import { SampleSheetImport } from './sample-sheet-import';
import { optionsText, reservationText } from './plan-format';
import type { OrderForm } from './use-order-form';
import { useItemWaits } from '../api/item-waits';

/** The order form's warning when the instrument's current queue runs past the item's stated 测试周期 (the estimate, decisions/0041). */
function LateWait({ wait }: { wait: ItemWait | undefined }) {
  if (!wait?.beyondPromise) return null;
  return (
    <Alert
      className="order-line-wait"
      type="warning"
      showIcon
      data-testid="order-line-wait"
      title={`当前排队 ${wait.ahead} 个样品，今天送样预计 ${daySpan(wait.minDays, wait.maxDays)} 个工作日出数据（约 ${dayRange(wait.fromDay, wait.toDay)}），超出标明的 ${wait.promisedDays} 个工作日`}
      description="如有截稿等时间要求，请在项目备注中说明或先咨询客服。"
    />
  );
}

/** 检测项目与样品信息: per selected line its price, its samples (a test line) and a note. */
export function OrderLinesSection({ form }: { form: OrderForm }) {
  const { data: waits } = useItemWaits(form.priced.filter(({ line }) => !line.reservation).map(({ line }) => line.rid));
  const waitOf = new Map((waits ?? []).map((wait) => [wait.itemRid, wait]));
  return (
    <section className="order-card" aria-labelledby="order-lines-title">
      <h2 id="order-lines-title" className="order-card-title">
        检测项目与样品信息
      </h2>
      {form.priced.map(({ line, count, amountFen }, index) => {
        const options = optionsText(line.options);
        const booking = reservationText(line.reservation);
        return (
          <article key={line.id} className="order-line" aria-label={line.name}>
            <header className="order-line-head">
              <img src={line.img} alt="" width={64} height={48} />
              <div className="order-line-info">
                <strong>{line.name}</strong>
                {options ? <span className="plan-line-meta">测试条件：{options}</span> : null}
                {booking ? <span className="plan-line-meta">预约时段：{booking}</span> : null}
              </div>
              <div className="order-line-money">
                <span className="member-muted">
                  {formatFen(line.unitPriceFen)}/{line.unit} × {count}
                </span>
                <strong>{formatFen(amountFen)}</strong>
              </div>
            </header>
            {line.reservation ? null : <LateWait wait={waitOf.get(line.rid)} />}
            {line.reservation ? (
              <p className="member-muted">上门预约项目按所选时段计费，到场操作仪器，无需填写样品信息。</p>
            ) : (
              <>
                <div className="order-sheet-bar">
                  <span className="member-muted">样品较多时可下载模板，在 Excel 中填写后一次导入</span>
                  <SampleSheetImport form={form} line={line} />
                </div>
                <SampleRows index={index} lineName={line.name} />
              </>
            )}
            <Form.Item label="项目备注" name={['lines', index, 'note']} className="order-field order-line-note">
              <Input maxLength={500} placeholder="对本项目的测试要求（选填）" />
            </Form.Item>
          </article>
        );
      })}
    </section>
  );
}
