import { Alert, Skeleton, Tag } from 'antd';
import { dayRange, daySpan, sampleChain, type OrderLine, type SampleEstimate, type SampleState } from '@lab/contract';
import { formatDateTime } from '../../../lib/format';
import { useTestRecord } from '../api/get-test-record';

/** Samples whose data is out (or that are back or kept) in green, not yet arrived in grey, everything under way in blue. */
const stateColor = (state: SampleState | undefined, status: string) =>
  state === 'data_out' || state === 'returned' || state === 'retained' || status === '已完成' ? 'success' : state === 'awaiting' || status === '已取消' ? 'default' : 'processing';

/** 第 n/6 步 on the way 待收样 → 已出数据, for a sample still on it. */
const stepOf = (state: SampleState | undefined) => {
  const at = state ? sampleChain.indexOf(state) : -1;
  return at < 0 ? null : `${at + 1}/${sampleChain.length}`;
};

type Sample = OrderLine['samples'][number];

/** 前面还有 N 个样品 · 预计 X–Y 个工作日出数据（约 …）, with when it was worked out. */
function EstimateLine({ estimate }: { estimate: SampleEstimate }) {
  const days = daySpan(estimate.minDays, estimate.maxDays);
  const dates = dayRange(estimate.fromDay, estimate.toDay);
  return (
    <span className="ord-progress-estimate" data-testid="sample-estimate">
      <strong>{estimate.ahead === 0 ? '下一个上机' : `前面还有 ${estimate.ahead} 个样品`}</strong>
      <span>
        预计 {days} 个工作日出数据（约 {dates}）
      </span>
      <span className="member-muted">
        {estimate.basis === 'history' ? '按近60天同项目实际周期' : '按实验室标准周期'}估算 · {formatDateTime(estimate.computedAt)} 计算
      </span>
    </span>
  );
}

/**
 * 样品进度: per line of the order, each sample's code and name with where it is in the lab (the
 * server's words, e.g. a re-test), the step it is at and since when (from the order's detail).
 */
export function SampleProgress({ orderNo, lines: ordered = [] }: { orderNo: string; lines?: OrderLine[] }) {
  const { data, isPending, isError, error } = useTestRecord(orderNo);
  const byCode = new Map<string, Sample>(ordered.flatMap((line) => line.samples.map((s) => [s.code, s] as const)));
  const lines = (data ?? []).filter((l) => l.samples.length > 0);
  if (!isPending && !isError && lines.length === 0) return null;
  return (
    <section className="member-card" aria-label="样品进度">
      <h2 className="member-card-title">样品进度</h2>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : isError ? (
        <Alert type="error" showIcon title="样品进度加载失败" description={error.message} />
      ) : (
        <div className="ord-progress-lines">
          {lines.map((line, i) => (
            <div key={`${line.lineId}-${i}`} className="ord-progress-line" data-testid="sample-progress-line">
              <h3>{line.name}</h3>
              <ul className="ord-progress-samples" aria-label={`${line.name} 的样品进度`}>
                {line.samples.map((s) => {
                  const known = byCode.get(s.code);
                  const step = stepOf(known?.state);
                  return (
                    <li key={s.code}>
                      <code className="ord-sample-code">{s.code}</code>
                      <span className="ord-progress-name">{s.name}</span>
                      <Tag color={stateColor(known?.state, s.status)} variant="filled" className="ord-progress-status">
                        {s.status}
                      </Tag>
                      {known?.estimate ? <EstimateLine estimate={known.estimate} /> : null}
                      {step || known?.stateAt ? (
                        <span className="member-muted ord-progress-when">
                          {step ? `第 ${step} 步` : ''}
                          {step && known?.stateAt ? ' · ' : ''}
                          {known?.stateAt ? `${formatDateTime(known.stateAt)} 更新` : ''}
                        </span>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
