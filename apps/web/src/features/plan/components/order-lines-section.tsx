import { Input } from 'antd';
import { formatFen } from '@lab/contract';
import { SampleRows } from './sample-rows';
import { optionsText, reservationText } from './plan-format';
import type { OrderForm } from './use-order-form';

/** 检测项目与样品信息: per selected line its price, its samples (a test line) and a note. */
export function OrderLinesSection({ form }: { form: OrderForm }) {
  const { problem } = form;
  return (
    <section className="order-card" aria-labelledby="order-lines-title">
      <h2 id="order-lines-title" className="order-card-title">
        检测项目与样品信息
      </h2>
      {form.priced.map(({ line, count, amountFen }, index) => {
        const draft = form.draftOf(line);
        const options = optionsText(line.options);
        const booking = reservationText(line.reservation);
        const lineError = form.errorAt(`lines.${index}.samples`);
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
            {line.reservation ? (
              <p className="member-muted">上门预约项目按所选时段计费，到场操作仪器，无需填写样品信息。</p>
            ) : (
              <SampleRows
                index={index}
                lineName={line.name}
                samples={draft.samples}
                errorKey={problem?.key ?? null}
                errorText={problem?.text ?? null}
                onChange={(samples) => form.editLine(line, index, { samples })}
              />
            )}
            {lineError ? (
              <p className="order-error order-error-anchor" role="alert">
                {lineError}
              </p>
            ) : null}
            <label className="order-field order-line-note">
              <span>项目备注</span>
              <Input value={draft.note} maxLength={500} placeholder="对本项目的测试要求（选填）" onChange={(e) => form.editLine(line, index, { note: e.target.value })} />
            </label>
          </article>
        );
      })}
    </section>
  );
}
