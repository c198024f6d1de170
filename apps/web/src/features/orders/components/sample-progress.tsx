import { Alert, Skeleton, Tag } from 'antd';
import { useTestRecord } from '../api/get-test-record';

/** Finished samples in green, cancelled in grey, everything under way in blue. */
const statusColor = (status: string) => (status === '已完成' ? 'success' : status === '已取消' ? 'default' : 'processing');

/** 样品进度: per line of the order, each sample's code and name with where it is in the lab. */
export function SampleProgress({ orderNo }: { orderNo: string }) {
  const { data, isPending, isError, error } = useTestRecord(orderNo);
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
                {line.samples.map((s) => (
                  <li key={s.code}>
                    <code className="ord-sample-code">{s.code}</code>
                    <span className="ord-progress-name">{s.name}</span>
                    <Tag color={statusColor(s.status)} variant="filled" className="ord-progress-status">
                      {s.status}
                    </Tag>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
