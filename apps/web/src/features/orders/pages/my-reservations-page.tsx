import { Button, Empty, Tabs, Tag } from 'antd';
import { CalendarOutlined, DownloadOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatFen, WEEKDAY_NAMES, weekdayOf, type Reservation, type ReservationStatus, type Wait } from '@lab/contract';
import { CancelRequestButton } from '../../../components/member/cancel-request-button';
import { ItemList } from '../../../components/member/item-list';
import { formatDate, formatDateTime } from '../../../lib/format';
import { projectPath } from '../../../lib/site-info';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { reservationCalendarKeys } from '../../../api/query-keys';
import { useReservations } from '../api/list-reservations';
import { cancelReservation } from '../api/cancel-reservation';
import { downloadIcs, leaveWait, useWaits } from '../api/reservations/waits';
import '../../../components/member/member-pages.css';
import './my-reservations.css';

const PAGE_SIZE = 10;
const statusColor: Record<ReservationStatus, string> = { booked: 'processing', used: 'success', cancelled: 'default', released: 'default', no_show: 'error' };
const weekday = (day: string) => WEEKDAY_NAMES[weekdayOf(day)] ?? '';

/** A booking can be cancelled until its cancelUntil (后台任务设置's hours before the start; the server checks again). */
const cancellable = (r: Reservation, now: Date) => r.status === 'booked' && r.cancelUntil !== null && new Date(r.cancelUntil) > now;
/** a firm booking (paid or pay-after-test) has a calendar file */
const hasCalendar = (r: Reservation) => (r.status === 'booked' && r.holdUntil === null) || r.status === 'used';

function ReservationItem({ reservation: r, now }: { reservation: Reservation; now: Date }) {
  const cancel = useApiMutation({
    mutationFn: () => cancelReservation(r.rid),
    invalidates: [...memberDataKeys, reservationCalendarKeys.all],
    onSuccess: () => feedback.success('预约已取消'),
  });
  return (
    <li className="member-item" data-testid="reservation-item">
      <div className="mr-when" aria-hidden>
        <span className="mr-when-date">{r.date.slice(5)}</span>
        <span className="mr-when-week">{weekday(r.date)}</span>
      </div>
      <div className="member-item-main">
        <h3>
          <Link to={`/detail/${r.itemRid}`} className="mr-name">
            {r.name}
          </Link>
          <Tag color={statusColor[r.status]}>{r.statusText}</Tag>
        </h3>
        <p className="mr-time">
          <CalendarOutlined /> {r.date}（{weekday(r.date)}）<strong>{r.timeText}</strong>，共 {r.hours.length} 小时
        </p>
        {r.model ? <p>仪器型号：{r.model}</p> : null}
        {r.labLocation ? (
          <p>
            <EnvironmentOutlined /> {r.labLocation}
          </p>
        ) : null}
        <p className="mr-meta">
          <span>
            费用 <strong className="mr-amount">{formatFen(r.amountFen)}</strong>
          </span>
          {r.orderNo ? (
            <span>
              订单 <Link to={`/member/order/${r.orderNo}`}>{r.orderNo}</Link>
            </span>
          ) : null}
          <span className="member-muted">预约于 {formatDate(r.createdAt)}</span>
        </p>
        {r.note ? <p className="member-muted">备注：{r.note}</p> : null}
        {r.holdUntil ? (
          <p className="mr-hold" data-testid="reservation-hold">
            待支付：请在 {formatDateTime(r.holdUntil)} 前完成支付，逾期未支付时段将自动释放。
          </p>
        ) : null}
        {r.status === 'released' ? <p className="member-muted">未在保留时间内支付，时段已释放，订单已取消。如仍需上机，请重新预约。</p> : null}
        {r.status === 'no_show' ? <p className="member-muted">开始后30分钟内未上机，已记为爽约；多次爽约将暂停预约。</p> : null}
        {r.status === 'booked' && r.cancelUntil ? (
          <p className="member-muted" data-testid="reservation-cancel-window">
            {cancellable(r, now) ? `可在 ${formatDateTime(r.cancelUntil)} 前取消` : '距开始已不足规定时间，不能在线取消，如需调整请联系实验室'}
          </p>
        ) : null}
      </div>
      <div className="member-item-actions">
        {r.orderNo ? (
          <Link to={r.holdUntil ? `/member/order/${r.orderNo}?pay=1` : `/member/order/${r.orderNo}`}>
            <Button size="small" type={r.holdUntil ? 'primary' : 'default'}>
              {r.holdUntil ? '去支付' : '查看订单'}
            </Button>
          </Link>
        ) : null}
        {hasCalendar(r) ? (
          <Button size="small" icon={<DownloadOutlined />} onClick={() => void downloadIcs(r.rid, `仪器预约-${r.name}-${r.date}.ics`)}>
            加入日历（.ics）
          </Button>
        ) : null}
        {cancellable(r, now) ? (
          <CancelRequestButton what="预约" note="取消后时段将释放给其他用户，已支付的费用原路退回。" action="取消预约" dangerConfirm busy={cancel.isPending} onConfirm={() => cancel.mutate()} />
        ) : null}
      </div>
    </li>
  );
}

function ReservationList({ status }: { status: ReservationStatus | undefined }) {
  const [page, setPage] = useState(1);
  const reservations = useReservations(page, PAGE_SIZE, status);
  const now = new Date();
  return (
    <ItemList
      query={reservations}
      page={page}
      setPage={setPage}
      label="我的预约"
      failed="预约记录加载失败"
      empty={
        <Empty className="member-empty" description={status ? '暂无该状态的预约' : '还没有预约过仪器机时。在「上门预约」的仪器详情页选择日期和时段即可预约。'}>
          {status ? null : (
            <Link to={projectPath(2, '上门预约')}>
              <Button type="primary">去预约机时</Button>
            </Link>
          )}
        </Empty>
      }
      item={(r) => <ReservationItem key={r.rid} reservation={r} now={now} />}
    />
  );
}

function WaitItem({ wait: w }: { wait: Wait }) {
  const leave = useApiMutation({ mutationFn: () => leaveWait(w.rid), invalidates: memberDataKeys, onSuccess: () => feedback.success('已退出候补') });
  return (
    <li className="member-item" data-testid="wait-item">
      <div className="member-item-main">
        <h3>
          <Link to={`/detail/${w.itemRid}`} className="mr-name">
            {w.name}
          </Link>
          <Tag color={w.status === 'offered' ? 'warning' : 'processing'}>{w.statusText}</Tag>
        </h3>
        <p className="mr-time">
          <CalendarOutlined /> {w.date}（{weekday(w.date)}）<strong>{w.timeText}</strong>
          {w.position ? `，排第 ${w.position} 位` : ''}
        </p>
        {w.offerUntil ? <p className="mr-hold">时段已空出，已为您保留至 {formatDateTime(w.offerUntil)}，请在此前完成预约，逾期顺延给下一位。</p> : null}
      </div>
      <div className="member-item-actions">
        {w.offerUntil ? (
          <Link to={`/detail/${w.itemRid}`}>
            <Button size="small" type="primary">
              去预约
            </Button>
          </Link>
        ) : null}
        <Button size="small" loading={leave.isPending} onClick={() => leave.mutate()}>
          退出候补
        </Button>
      </div>
    </li>
  );
}

/** 我的候补: open waits for taken hours (joined on the instrument's calendar). */
function WaitList() {
  const waits = useWaits();
  if (!waits.data?.length) return null;
  return (
    <section aria-label="我的候补" className="mr-waits">
      <h2 className="member-card-title">我的候补</h2>
      <ul className="member-list">{waits.data.map((w) => <WaitItem key={w.rid} wait={w} />)}</ul>
    </section>
  );
}

/** 我的预约: my instrument bookings (on-site reservations) with their time, cost and order; cancel before the day. */
export default function MyReservationsPage() {
  return (
    <div className="member-page">
      <div className="member-page-head">
        <h1 className="page-title">我的预约</h1>
        <Link to={projectPath(2, '上门预约')}>
          <Button type="primary" icon={<CalendarOutlined />}>
            预约机时
          </Button>
        </Link>
      </div>
      <p className="member-page-lead">未支付的预约只保留一段时间（预约时显示截止时间），逾期未支付时段自动释放；开始前规定时间以前可取消，已支付的费用原路退回。已支付的预约可下载日历文件，开始前一天和一小时前会提醒您；开始后30分钟未上机记为爽约。</p>
      <WaitList />
      <Tabs
        destroyOnHidden
        items={[
          { key: 'all', label: '全部', children: <ReservationList status={undefined} /> },
          { key: 'booked', label: '已预约', children: <ReservationList status="booked" /> },
          { key: 'used', label: '已使用', children: <ReservationList status="used" /> },
          { key: 'cancelled', label: '已取消', children: <ReservationList status="cancelled" /> },
          { key: 'released', label: '已释放', children: <ReservationList status="released" /> },
          { key: 'no_show', label: '爽约', children: <ReservationList status="no_show" /> },
        ]}
      />
    </div>
  );
}
