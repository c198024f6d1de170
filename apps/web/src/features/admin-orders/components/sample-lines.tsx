import { Button, Space, Table, Tag, type TableColumnsType } from 'antd';
import { hourLabel, sampleFormLabels, sampleMoves, sampleStateLabels, type OrderLine, type SampleState } from '@lab/contract';
import { Money } from '../../../components/admin/money';
import { formatDateTime } from '../../../lib/format';

type Sample = OrderLine['samples'][number];

/** Samples through (data out, returned, kept) green; received and waiting orange; in the lab's hands blue. */
const stateColor: Record<SampleState, string> = {
  awaiting: 'default',
  received: 'orange',
  queued: 'gold',
  running: 'processing',
  processing: 'processing',
  data_out: 'success',
  returned: 'default',
  retained: 'default',
};

/** A move's button: the way on names where the sample goes, the ends name themselves. */
const moveLabel = (to: SampleState) => (to === 'returned' || to === 'retained' ? sampleStateLabels[to] : `→ ${sampleStateLabels[to]}`);

const stateColumn: TableColumnsType<Sample>[number] = {
  title: '状态',
  key: 'state',
  render: (_, sample) => (
    <span className="desk-sample-state">
      <Tag color={stateColor[sample.state]}>{sample.stateText}</Tag>
      {sample.stateAt ? <span className="admin-muted">{formatDateTime(sample.stateAt)}</span> : null}
    </span>
  ),
};

/** The desk's buttons for a sample: the moves its state allows (the first is what a scan does). */
const moveColumn = (onMove: (sample: Sample, to: SampleState) => void, busy: boolean): TableColumnsType<Sample>[number] => ({
  title: '流转',
  key: 'move',
  render: (_, sample) =>
    sampleMoves[sample.state].length === 0 ? (
      <span className="admin-muted">—</span>
    ) : (
      <Space size={4} wrap>
        {sampleMoves[sample.state].map((to, i) => (
          <Button key={to} size="small" type={i === 0 ? 'primary' : 'default'} disabled={busy} onClick={() => onMove(sample, to)} aria-label={`样品${sample.code}${moveLabel(to)}`}>
            {moveLabel(to)}
          </Button>
        ))}
      </Space>
    ),
});

const sampleColumns: TableColumnsType<Sample> = [
  { title: '样品编号', dataIndex: 'code', render: (code: string) => <code className="desk-code">{code}</code> },
  { title: '样品名称', dataIndex: 'name' },
  { title: '形态', dataIndex: 'form', render: (form: Sample['form']) => sampleFormLabels[form] },
  { title: '数量', dataIndex: 'count', align: 'right' },
  {
    title: '说明',
    key: 'flags',
    render: (_, sample) => (
      <span className="desk-flags">
        {sample.hazards ? <Tag color="red">{sample.hazards}</Tag> : null}
        {sample.magnetic ? <Tag color="orange">磁性</Tag> : null}
        {sample.returnWanted ? <Tag color="blue">需回寄</Tag> : null}
        {!sample.hazards && !sample.magnetic && !sample.returnWanted ? <span className="admin-muted">—</span> : null}
      </span>
    ),
  },
];

/**
 * The order's tests, each with its options, price and samples (their lab codes, as the labels
 * print them, and their states); `highlight` marks a scanned sample; `onMove` adds the buttons
 * that move a sample on (lab staff).
 */
export function SampleLines({ lines, highlight, onMove, busy = false }: { lines: OrderLine[]; highlight?: string | undefined; onMove?: ((sample: Sample, to: SampleState) => void) | undefined; busy?: boolean }) {
  const columns = [...sampleColumns, stateColumn, ...(onMove ? [moveColumn(onMove, busy)] : [])];
  return (
    <div className="desk-lines">
      {lines.map((line, index) => (
        <div key={line.id} className="desk-line" data-testid="desk-line">
          <div className="desk-line-head">
            <div>
              <strong>
                {index + 1}. {line.name}
              </strong>
              {line.options.length > 0 && <div className="admin-muted">{line.options.map((o) => `${o.name}：${o.label}`).join('；')}</div>}
              {line.note && <div className="desk-line-note">备注：{line.note}</div>}
            </div>
            <div className="desk-line-price">
              <Money fen={line.unitPriceFen} /> × {line.count}
              {line.unit} = <Money fen={line.amountFen} />
            </div>
          </div>
          {line.reservation ? (
            <div className="desk-line-booking">
              上机时间：{line.reservation.date} {line.reservation.hours.map(hourLabel).join('、')}
            </div>
          ) : (
            <Table<Sample>
              className="admin-table"
              size="small"
              rowKey="code"
              columns={columns}
              dataSource={line.samples}
              pagination={false}
              scroll={{ x: 560 }}
              rowClassName={(sample) => (sample.code === highlight ? 'desk-row-scanned' : '')}
            />
          )}
        </div>
      ))}
    </div>
  );
}
