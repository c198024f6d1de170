import { Link } from 'react-router';
import { Alert, App, Badge, Button, DatePicker, Empty, Segmented, Skeleton, Space, Tag } from 'antd';
import { EnvironmentOutlined, PhoneOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { samplingStatusLabels, type AdminPickup, type SamplingStatus } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { StatusTag } from '../../../components/admin/status-tag';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { settled } from '../../../lib/use-api-mutation';
import { useCollectPickup, usePickupDays, usePickups } from '../api/pickups';
import { bySlot, useDeskParams } from '../order-desk';
import '../order-desk.css';

const statusOptions = [
  { value: '', label: '全部' },
  { value: 'pending', label: '待取样' },
  { value: 'collected', label: '已取样' },
];
const tones = { pending: 'warning', collected: 'success', cancelled: 'default' } as const;

function Pickup({ pickup, onCollect }: { pickup: AdminPickup; onCollect: (pickup: AdminPickup) => void }) {
  return (
    <div className="desk-pickup" data-testid="pickup">
      <div className="desk-pickup-main">
        <div>
          <strong>{pickup.member.name || pickup.name}</strong>
          {pickup.member.company && <span className="admin-muted"> · {pickup.member.company}</span>}
          {pickup.orderNo && (
            <>
              {' '}
              · 订单 <Link to={`/admin/orders/${pickup.orderNo}`}>{pickup.orderNo}</Link>
            </>
          )}
        </div>
        <div>
          <PhoneOutlined /> {pickup.name} <a href={`tel:${pickup.phone}`}>{pickup.phone}</a>
        </div>
        <div>
          <EnvironmentOutlined /> {pickup.sendAddress}
        </div>
        {pickup.message && <div className="admin-muted">留言：{pickup.message}</div>}
        {pickup.collectedAt && (
          <div className="admin-muted">
            {formatDateTime(pickup.collectedAt)} 由 {pickup.collectedBy ?? '工作人员'} 标记已取样
          </div>
        )}
      </div>
      <div className="desk-pickup-side">
        <StatusTag status={pickup.status} labels={samplingStatusLabels} tones={tones} />
        {pickup.status === 'pending' && (
          <Button type="primary" onClick={() => onCollect(pickup)}>
            已取样
          </Button>
        )}
      </div>
    </div>
  );
}

/** /admin/sampling (上门取样): a day's home pickups by slot; the courier's 已取样. */
export default function SamplingPage() {
  const { params, today, date, set } = useDeskParams();
  const status = (params.get('status') ?? '') as SamplingStatus | '';
  const month = dayjs(date).startOf('month');
  const { data: pickups, isPending } = usePickups(date, status);
  const { data: calendar } = usePickupDays(month.subtract(7, 'day').format('YYYY-MM-DD'), month.endOf('month').add(7, 'day').format('YYYY-MM-DD'));
  const collect = useCollectPickup();
  const { modal } = App.useApp();
  const counts = new Map((calendar?.days ?? []).map((day) => [day.date, day.pending]));


  const confirmCollect = (pickup: AdminPickup) =>
    modal.confirm({
      title: '确认已取样？',
      content: `${pickup.date} ${pickup.time} · ${pickup.name} · ${pickup.sendAddress}`,
      okText: '已取样',
      cancelText: '取消',
      onOk: () =>
        settled(
          collect.mutateAsync(pickup.rid, {
            onSuccess: () => {
              feedback.success('已标记为已取样');
            },
          }),
        ),
    });

  const slots = bySlot(pickups ?? []);
  const pending = (pickups ?? []).filter((p) => p.status === 'pending').length;

  return (
    <AdminPage title="上门取样" description="按日期查看客户预约的上门取样，按时段安排取样员；取回样品后标记「已取样」。">
      {calendar && calendar.overdue.count > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`有 ${calendar.overdue.count} 个往日的上门取样尚未标记已取样`}
          description={`最早一个在 ${calendar.overdue.first}，请核实是否已取回样品。`}
          action={
            calendar.overdue.first ? (
              <Button size="small" onClick={() => set({ date: calendar.overdue.first!, status: 'pending' })}>
                查看
              </Button>
            ) : undefined
          }
        />
      )}
      <AdminSection>
        <div className="desk-day-bar">
          <DatePicker
            allowClear={false}
            value={dayjs(date)}
            aria-label="取样日期"
            onChange={(value: Dayjs | null) => set({ date: value ? value.format('YYYY-MM-DD') : '' })}
            cellRender={(current, info) => {
              if (info.type !== 'date') return info.originNode;
              const day = dayjs(current as Dayjs);
              const count = counts.get(day.format('YYYY-MM-DD'));
              return (
                <div className="ant-picker-cell-inner">
                  {day.date()}
                  {count ? <span className="desk-cell-count">{count}单</span> : null}
                </div>
              );
            }}
          />
          <Space.Compact>
            <Button onClick={() => set({ date: dayjs(date).subtract(1, 'day').format('YYYY-MM-DD') })}>前一天</Button>
            <Button onClick={() => set({ date: '' })} disabled={date === today}>
              今天
            </Button>
            <Button onClick={() => set({ date: dayjs(date).add(1, 'day').format('YYYY-MM-DD') })}>后一天</Button>
          </Space.Compact>
          <Segmented value={status} options={statusOptions} onChange={(value) => set({ status: String(value) })} />
          <span className="admin-muted">
            {date === today ? '今天' : date} 共 {pickups?.length ?? 0} 单{pending ? `，${pending} 单待取样` : ''}
          </span>
        </div>
        {isPending ? (
          <Skeleton active />
        ) : slots.length === 0 ? (
          <Empty description={`${date === today ? '今天' : date}没有${status === 'pending' ? '待取样的' : ''}上门取样预约`} />
        ) : (
          slots.map((slot) => (
            <div className="desk-slot" key={slot.time}>
              <div className="desk-slot-head">
                <strong>{slot.time}</strong>
                <Badge count={slot.pickups.filter((p) => p.status === 'pending').length} color="#faad14" />
                <Tag>{slot.pickups.length} 单</Tag>
              </div>
              {slot.pickups.map((pickup) => (
                <Pickup key={pickup.rid} pickup={pickup} onCollect={confirmCollect} />
              ))}
            </div>
          ))
        )}
      </AdminSection>
    </AdminPage>
  );
}
