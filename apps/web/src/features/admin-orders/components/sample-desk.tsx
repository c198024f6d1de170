import { App, Empty, Table, type TableColumnsType } from 'antd';
import { sampleStateLabels, type AdminOrderDetail, type SampleEvent, type SampleState } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useSampleMove } from '../api/sample-moves';

/**
 * The desk's per-sample moves: a click moves one sample one state on (退样 and 留样, which end its
 * way, ask first); the member sees the new state on their order at once.
 */
export function useSampleMoves() {
  const { modal } = App.useApp();
  const move = useSampleMove();
  const run = (code: string, to: SampleState, confirm = false) =>
    move.mutateAsync({ code, to, confirm }).then(() => feedback.success(`样品${code}：${sampleStateLabels[to]}`));
  const onMove = (sample: { code: string }, to: SampleState) => {
    if (to !== 'returned' && to !== 'retained') {
      run(sample.code, to).catch(() => undefined);
      return;
    }
    modal.confirm({
      title: `${sampleStateLabels[to]}：${sample.code}？`,
      content: to === 'returned' ? '样品将寄回或交还客户，之后不能再流转。' : '样品将由实验室留存，之后不能再流转。',
      okText: sampleStateLabels[to],
      cancelText: '取消',
      onOk: () => run(sample.code, to),
    });
  };
  return { onMove, run, busy: move.isPending };
}

const columns: TableColumnsType<SampleEvent> = [
  { title: '时间', dataIndex: 'at', render: (at: string) => formatDateTime(at) },
  { title: '样品编号', dataIndex: 'code', render: (code: string) => <code className="desk-code">{code}</code> },
  { title: '变更', key: 'move', render: (_, e) => `${e.from ? sampleStateLabels[e.from] : '—'} → ${sampleStateLabels[e.to]}` },
  { title: '操作人', dataIndex: 'actorName' },
  { title: '备注', dataIndex: 'note', render: (note: string) => note || <span className="admin-muted">—</span> },
];

/** 样品流转记录: every move of the order's samples, newest first. */
export function SampleHistory({ detail }: { detail: Pick<AdminOrderDetail, 'sampleEvents'> }) {
  if (detail.sampleEvents.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="样品尚无流转记录" />;
  return (
    <Table<SampleEvent>
      className="admin-table"
      size="small"
      rowKey={(e) => `${e.code}-${e.at}-${e.to}`}
      columns={columns}
      dataSource={[...detail.sampleEvents].reverse()}
      pagination={detail.sampleEvents.length > 10 ? { pageSize: 10 } : false}
      scroll={{ x: 560 }}
    />
  );
}
