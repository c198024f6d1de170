import { Link } from 'react-router';
import { Button, DatePicker, Descriptions, Empty, Popover, Select, Skeleton, Space, Tag } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { WEEKDAY_NAMES, weekdayOf, type AdminReservation } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { Money } from '../../../components/admin/money';
import { formatDateTime } from '../../../lib/format';
import { useStaffMe } from '../../../lib/admin-api';
import { useReservationWeek } from '../api/reservation-week';
import { useMarkBookingUsed } from '../api/booking-use';
import { HoldList } from '../components/hold-list';
import { NoShowBlocks } from '../components/no-show-blocks';
import { bookedHours, useDeskParams, weekGrid } from '../order-desk';
import '../order-desk.css';

/** 标记已使用 (the lab, on the booking's day): a paid booking whose member came; the bookings job then marks no 爽约. */
function MarkUsed({ booking }: { booking: AdminReservation }) {
  const mark = useMarkBookingUsed();
  return (
    <Button type="primary" size="small" loading={mark.isPending} onClick={() => mark.mutate(booking.rid)} data-testid="booking-use">
      标记已使用
    </Button>
  );
}

function Booking({ booking, canMarkUsed }: { booking: AdminReservation; canMarkUsed: boolean }) {
  const details = (
    <Descriptions column={1} size="small" className="desk-descriptions">
      <Descriptions.Item label="时间">
        {booking.date} {booking.timeText}
      </Descriptions.Item>
      <Descriptions.Item label="客户">
        {booking.member.name} <a href={`tel:${booking.member.phone}`}>{booking.member.phone}</a>
      </Descriptions.Item>
      <Descriptions.Item label="状态">{booking.holdUntil ? `待支付，保留至 ${formatDateTime(booking.holdUntil)}` : booking.statusText}</Descriptions.Item>
      <Descriptions.Item label="费用">
        <Money fen={booking.amountFen} />
      </Descriptions.Item>
      {booking.orderNo && (
        <Descriptions.Item label="订单">
          <Link to={`/admin/orders/${booking.orderNo}`}>{booking.orderNo}</Link>
        </Descriptions.Item>
      )}
      {booking.note && <Descriptions.Item label="备注">{booking.note}</Descriptions.Item>}
      <Descriptions.Item label="预约于">{formatDateTime(booking.createdAt)}</Descriptions.Item>
      {canMarkUsed && (
        <Descriptions.Item label="上机">
          <MarkUsed booking={booking} />
        </Descriptions.Item>
      )}
    </Descriptions>
  );
  return (
    <Popover content={details} title={booking.name} trigger="click">
      <button type="button" className={`desk-booking${booking.status === 'used' || booking.status === 'no_show' ? ' is-used' : booking.holdUntil ? ' is-held' : ''}`} data-testid="booking">
        <strong>{booking.timeText}</strong>
        {booking.status === 'no_show' ? (
          <Tag color="error" style={{ marginInlineStart: 4 }}>
            爽约
          </Tag>
        ) : booking.status === 'used' ? (
          <Tag color="success" style={{ marginInlineStart: 4 }}>
            已使用
          </Tag>
        ) : null}
        <br />
        {booking.member.name}
      </button>
    </Popover>
  );
}

/** /admin/reservations (仪器预约): the week's instrument bookings, instruments down, Monday to Sunday across. */
export default function ReservationsPage() {
  const { params, today, date, set } = useDeskParams();
  const rid = params.get('rid') ?? '';
  const { data: week, isPending } = useReservationWeek(date, rid);
  const { data: allInstruments } = useReservationWeek(date, '');
  const role = useStaffMe().data?.role;
  const grid = week ? weekGrid(week) : null;

  const move = (days: number) => set({ date: dayjs(date).add(days, 'day').format('YYYY-MM-DD') });
  const instrumentOptions = [{ value: '', label: '全部仪器' }, ...(allInstruments?.instruments ?? []).map((i) => ({ value: i.rid, label: i.name }))];

  return (
    <AdminPage title="仪器预约" description="按周查看各台仪器的上机预约；点击预约可查看客户、费用与订单。虚线框为待支付的保留，逾期自动释放。周日实验室不开放。">
      <AdminSection>
        <div className="desk-day-bar">
          <Space.Compact>
            <Button icon={<LeftOutlined />} aria-label="上一周" onClick={() => move(-7)} />
            <DatePicker picker="week" allowClear={false} value={dayjs(date)} aria-label="选择周" onChange={(value) => value && set({ date: value.format('YYYY-MM-DD') })} />
            <Button icon={<RightOutlined />} aria-label="下一周" onClick={() => move(7)} />
          </Space.Compact>
          <Button onClick={() => set({ date: '' })}>本周</Button>
          <Select className="desk-select is-wide" value={rid} options={instrumentOptions} onChange={(value) => set({ rid: value })} aria-label="仪器" showSearch optionFilterProp="label" />
          {week && (
            <span className="admin-muted">
              {week.days[0]} 至 {week.days[6]}：{week.bookings.length} 个预约，共 {bookedHours(week)} 小时
            </span>
          )}
        </div>
        {isPending || !week || !grid ? (
          <Skeleton active />
        ) : week.instruments.length === 0 ? (
          <Empty description="还没有可预约的仪器，请在服务目录中将项目设为可预约" />
        ) : (
          <div className="desk-week-scroll">
            <table className="desk-week" aria-label="仪器预约周视图">
              <thead>
                <tr>
                  <th scope="col">仪器</th>
                  {week.days.map((day) => (
                    <th scope="col" key={day} className={day === today ? 'is-today' : undefined}>
                      {WEEKDAY_NAMES[weekdayOf(day)]} {day.slice(5)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {week.instruments.map((instrument) => (
                  <tr key={instrument.rid}>
                    <th scope="row">
                      <div className="desk-instrument-name">{instrument.name}</div>
                      <div className="admin-muted">{instrument.model ?? ''}</div>
                      {instrument.labLocation && <div className="admin-muted">{instrument.labLocation}</div>}
                    </th>
                    {week.days.map((day, index) => {
                      const bookings = grid.get(instrument.rid)?.get(day) ?? [];
                      if (index === 6 && bookings.length === 0) return <td key={day} className="is-closed">休息</td>;
                      return (
                        <td key={day} className={day === today ? 'is-today' : undefined}>
                          {bookings.map((booking) => (
                            <Booking key={booking.rid} booking={booking} canMarkUsed={(role === 'lab' || role === 'admin') && booking.status === 'booked' && !booking.holdUntil && booking.date === today} />
                          ))}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </AdminSection>
      <HoldList canEditRules={role === 'lab' || role === 'admin'} />
      <NoShowBlocks />
    </AdminPage>
  );
}
