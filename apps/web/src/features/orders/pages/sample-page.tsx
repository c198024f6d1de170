import { Button, Empty, Tabs, Tag } from 'antd';
import { CarOutlined, RollbackOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { Sampling } from '@lab/contract';
import { CancelRequestButton } from '../../../components/member/cancel-request-button';
import { ItemList } from '../../../components/member/item-list';
import { samplingDialog } from '../../../components/member/sampling-dialog-store';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { formatDate } from '../../../lib/format';
import { useSamplings } from '../api/list-samplings';
import { cancelSampling } from '../api/cancel-sampling';
import { useRecycles } from '../api/list-recycles';
import { RecycleFormModal } from '../components/recycle-form-modal';
import '../../../components/member/member-pages.css';

const statusColor: Record<string, string> = { pending: 'processing', collected: 'success', cancelled: 'default', sent: 'success' };
const place = (a: Pick<Sampling, 'province' | 'city' | 'area' | 'address'>) => [a.province, a.city === a.province ? '' : a.city, a.area, a.address].filter(Boolean).join(' ');

function PickupList() {
  const [page, setPage] = useState(1);
  const samplings = useSamplings(page);
  const cancel = useApiMutation({ mutationFn: cancelSampling, invalidates: memberDataKeys, onSuccess: () => feedback.success('预约已取消') });
  return (
    <ItemList
      query={samplings}
      page={page}
      setPage={setPage}
      label="我的取样预约"
      failed="取样预约加载失败"
      empty={
        <Empty className="member-empty" description="还没有上门取样预约。上海、苏州地区可免费预约上门取样，其他地区请自行寄样。">
          <Button type="primary" onClick={samplingDialog.open}>
            预约上门取样
          </Button>
        </Empty>
      }
      item={(s) => (
        <li key={s.rid} className="member-item" data-testid="sampling-item">
          <div className="member-item-main">
            <h3>
              {s.date} {s.time}
              <Tag color={statusColor[s.status]}>{s.statusText}</Tag>
            </h3>
            <p>
              {s.name} {s.phone}
            </p>
            <p>{place(s)}</p>
            {s.message ? <p className="member-muted">备注：{s.message}</p> : null}
            <p className="member-muted">预约时间 {formatDate(s.createdAt)}</p>
          </div>
          <div className="member-item-actions">
            {s.status === 'pending' ? (
              <CancelRequestButton what="上门取样预约" action="取消预约" busy={cancel.isPending && cancel.variables === s.rid} onConfirm={() => cancel.mutate(s.rid)} />
            ) : null}
          </div>
        </li>
      )}
    />
  );
}

function RecycleList() {
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const recycles = useRecycles(page);
  return (
    <>
      <div className="member-page-head">
        <p className="member-page-lead">检测完成且结清费用后，可申请寄回剩余样品，我们将在 48 小时内寄出。</p>
        <Button icon={<RollbackOutlined />} onClick={() => setAdding(true)}>
          申请寄回样品
        </Button>
      </div>
      <ItemList
        query={recycles}
        page={page}
        setPage={setPage}
        label="样品寄回申请"
        failed="样品回收记录加载失败"
        empty={<Empty className="member-empty" description="暂无样品寄回申请" />}
        skeletonRows={3}
        item={(r) => (
          <li key={r.rid} className="member-item">
            <div className="member-item-main">
              <h3>
                {r.samples}
                <Tag color={statusColor[r.status]}>{r.statusText}</Tag>
              </h3>
              {r.order_no ? <p>订单编号：{r.order_no}</p> : null}
              <p>
                寄至：{r.name} {r.phone} {place(r)}
              </p>
              {r.trackingNo ? <p>运单号：{r.trackingNo}</p> : null}
              <p className="member-muted">申请时间 {formatDate(r.createdAt)}</p>
            </div>
          </li>
        )}
      />
      {adding ? <RecycleFormModal onClose={() => setAdding(false)} /> : null}
    </>
  );
}

/** 上门取样: my pickups (cancel while pending) and requests to have samples sent back. */
export default function SamplePage() {
  return (
    <div className="member-page">
      <div className="member-page-head">
        <h1 className="page-title">上门取样</h1>
        <Button type="primary" icon={<CarOutlined />} onClick={samplingDialog.open}>
          预约上门取样
        </Button>
      </div>
      <Tabs
        items={[
          { key: 'pickup', label: '我的预约', children: <PickupList /> },
          { key: 'recycle', label: '样品回收', children: <RecycleList /> },
        ]}
      />
    </div>
  );
}
