import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Checkbox, Empty, Input, InputNumber, Result, Select, Skeleton, Space, Table, Tag, type TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { closedDayKindLabels, closedDayKinds, weekdayOf, WEEKDAY_NAMES, type ClosedDay, type ClosedDayKind, type QueueBoard } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { useReasonPrompt } from '../../../components/admin/reason-prompt';
import { useStaffMe } from '../../../lib/admin-api';
import { feedback } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useQueueBoard, useQueueChanges } from '../api/queue-board';
import { mayAct } from '../order-desk';
import '../order-desk.css';

type Queued = NonNullable<QueueBoard['current']>['samples'][number];

/**
 * /admin/queue (排队看板): per instrument, the samples waiting in 排队中 in the order they will
 * run; the lab moves one up or down with a reason (kept in the audit log). The admin keeps each
 * instrument's daily capacity and its closed days (holidays for all instruments, maintenance for
 * one); Sundays are always closed.
 */
export default function QueuePage() {
  const [params, setParams] = useSearchParams();
  const rid = params.get('rid') ?? '';
  const { data: board, isPending, error, refetch } = useQueueBoard(rid);
  const me = useStaffMe();
  const role = me.data?.role;
  const changes = useQueueChanges(rid);
  const prompt = useReasonPrompt();
  const current = board?.current ?? null;

  const reorder = async (sample: Queued, direction: 'up' | 'down') => {
    const reason = await prompt({ title: `${direction === 'up' ? '上移' : '下移'} ${sample.code}`, label: '调整原因', placeholder: '例如：客户加急，已补差价', required: true, maxLength: 200, okText: '调整' });
    if (reason === null) return;
    changes.reorder.mutate({ code: sample.code, direction, reason }, { onSuccess: () => feedback.success('排队顺序已调整') });
  };

  const columns: TableColumnsType<Queued> = [
    { title: '位置', dataIndex: 'position', width: 64, align: 'right' },
    { title: '样品编号', dataIndex: 'code', render: (code: string) => <code className="desk-code">{code}</code> },
    { title: '样品名称', dataIndex: 'name' },
    { title: '订单', dataIndex: 'orderNo', render: (no: string, s) => (
      <span>
        <Link to={`/admin/orders/${no}`}>{no}</Link> <span className="admin-muted">{s.memberName}</span>
      </span>
    ) },
    { title: '入队时间', dataIndex: 'queuedAt', render: (at: string | null) => (at ? formatDateTime(at) : '—') },
    ...(mayAct(role, 'receive')
      ? [
          {
            title: '调整',
            key: 'move',
            render: (_: unknown, s: Queued) => (
              <Space size={4}>
                <Button size="small" icon={<ArrowUpOutlined />} aria-label={`上移 ${s.code}`} disabled={s.position === 1 || changes.reorder.isPending} onClick={() => void reorder(s, 'up')} />
                <Button size="small" icon={<ArrowDownOutlined />} aria-label={`下移 ${s.code}`} disabled={s.position === current?.samples.length || changes.reorder.isPending} onClick={() => void reorder(s, 'down')} />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <AdminPage title="排队看板" description="各仪器排队中的样品按上机顺序排列；调整顺序须填写原因并记入操作日志。每日产能与停机日（节假日、维护保养）由管理员维护，周日不上机。">
      <AdminSection>
        {isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : error ? (
          <Result status="warning" title="排队看板加载失败" subTitle={error.message} extra={<Button onClick={() => void refetch()}>重试</Button>} />
        ) : board && board.instruments.length > 0 ? (
          <Select
            className="queue-select"
            aria-label="仪器"
            value={current?.rid}
            onChange={(value: string) => setParams({ rid: value })}
            options={board.instruments.map((i) => ({ value: i.rid, label: `${i.name}（排队 ${i.queued}）` }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        ) : (
          <Empty description="目前没有排队中的样品" />
        )}
      </AdminSection>
      {current && (
        <>
          <AdminSection title={`${current.name} · 排队 ${current.queued} 个 · 每日可测 ${current.capacityPerDay} 个`}>
            <Table<Queued> className="admin-table" size="small" rowKey="code" columns={columns} dataSource={current.samples} pagination={false} scroll={{ x: 640 }} locale={{ emptyText: '该仪器没有排队中的样品' }} />
          </AdminSection>
          <AdminSection title="产能、默认周期与停机日">
            <Calendar key={current.rid} current={current} admin={role === 'admin'} changes={changes} />
          </AdminSection>
        </>
      )}
    </AdminPage>
  );
}

function Calendar({ current, admin, changes }: { current: NonNullable<QueueBoard['current']>; admin: boolean; changes: ReturnType<typeof useQueueChanges> }) {
  const [capacity, setCapacity] = useState<number | null>(current.capacityPerDay);
  const [minDays, setMinDays] = useState<number | null>(current.defaultMinDays);
  const [maxDays, setMaxDays] = useState<number | null>(current.defaultMaxDays);
  const unchanged = capacity === current.capacityPerDay && minDays === current.defaultMinDays && maxDays === current.defaultMaxDays;
  const save = () => {
    if (!capacity || !minDays || !maxDays) return;
    changes.capacity.mutate({ item_rid: current.rid, capacity_per_day: capacity, default_min_days: minDays, default_max_days: maxDays }, { onSuccess: () => feedback.success('已保存') });
  };
  const [day, setDay] = useState('');
  const [kind, setKind] = useState<ClosedDayKind>('maintenance');
  const [note, setNote] = useState('');
  const [all, setAll] = useState(false);

  const add = () =>
    changes.closeDay.mutate(
      { ...(all ? {} : { item_rid: current.rid }), day, kind, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          feedback.success('停机日已添加');
          setDay('');
          setNote('');
        },
      },
    );

  const dayColumns: TableColumnsType<ClosedDay> = [
    { title: '日期', dataIndex: 'day', render: (d: string) => `${d} ${WEEKDAY_NAMES[weekdayOf(d)]}` },
    { title: '类型', dataIndex: 'kind', render: (k: ClosedDayKind, d) => (
      <Space size={4}>
        <Tag color={k === 'holiday' ? 'red' : 'orange'}>{closedDayKindLabels[k]}</Tag>
        {d.all && <Tag>所有仪器</Tag>}
      </Space>
    ) },
    { title: '说明', dataIndex: 'note', render: (n: string) => n || <span className="admin-muted">—</span> },
    ...(admin
      ? [{ title: '', key: 'remove', render: (_: unknown, d: ClosedDay) => (
          <Button size="small" type="link" danger disabled={changes.openDay.isPending} onClick={() => changes.openDay.mutate(d.id, { onSuccess: () => feedback.success('停机日已删除') })}>
            删除
          </Button>
        ) }]
      : []),
  ];

  return (
    <div className="queue-calendar">
      {admin ? (
        <Space wrap>
          <span>每日可测样品数</span>
          <InputNumber aria-label="每日可测样品数" min={1} max={500} precision={0} value={capacity} onChange={setCapacity} />
          <span>默认周期（历史不足10个样品时用于估算）</span>
          <InputNumber aria-label="默认最短周期" min={1} max={60} precision={0} value={minDays} onChange={setMinDays} />
          <span>–</span>
          <InputNumber aria-label="默认最长周期" min={1} max={60} precision={0} value={maxDays} onChange={setMaxDays} />
          <span>个工作日</span>
          <Button disabled={!capacity || !minDays || !maxDays || unchanged} loading={changes.capacity.isPending} onClick={save}>
            保存
          </Button>
        </Space>
      ) : (
        <Alert type="info" showIcon title="每日产能与停机日由管理员维护" />
      )}
      <Table<ClosedDay> className="admin-table" size="small" rowKey="id" columns={dayColumns} dataSource={current.closedDays} pagination={false} locale={{ emptyText: '今后没有停机日（周日不上机）' }} />
      {admin && (
        <Space wrap className="queue-add-day">
          <Input type="date" aria-label="停机日期" value={day} onChange={(e) => setDay(e.target.value)} />
          <Select<ClosedDayKind> aria-label="停机类型" value={kind} onChange={setKind} options={closedDayKinds.map((k) => ({ value: k, label: closedDayKindLabels[k] }))} />
          <Input aria-label="停机说明" placeholder="说明，如：国庆节、更换X光管" maxLength={100} value={note} onChange={(e) => setNote(e.target.value)} />
          <Checkbox checked={all} onChange={(e) => setAll(e.target.checked)}>
            所有仪器
          </Checkbox>
          <Button type="primary" disabled={!day} loading={changes.closeDay.isPending} onClick={add}>
            添加停机日
          </Button>
        </Space>
      )}
    </div>
  );
}
