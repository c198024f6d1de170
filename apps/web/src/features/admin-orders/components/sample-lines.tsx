import { Table, Tag, type TableColumnsType } from 'antd';
import { hourLabel, sampleFormLabels, type OrderLine } from '@lab/contract';
import { Money } from '../../../components/admin/money';

type Sample = OrderLine['samples'][number];

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

/** The order's tests, each with its options, price and samples (their lab codes, as the labels print them); `highlight` marks a scanned sample. */
export function SampleLines({ lines, highlight }: { lines: OrderLine[]; highlight?: string | undefined }) {
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
              columns={sampleColumns}
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
