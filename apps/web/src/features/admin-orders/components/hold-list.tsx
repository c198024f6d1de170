import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button, Empty, Form, Input, InputNumber, Modal, Popconfirm, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { adminReservationSettingsBody, type AdminReservation, type ReservationSettings } from '@lab/contract';
import { AdminSection } from '../../../components/admin/admin-page';
import { Money } from '../../../components/admin/money';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { SchemaForm } from '../../../components/schema-form';
import { useHoldActions, useHolds } from '../api/reservation-holds';

const holdText = (minutes: number) => (minutes % 60 === 0 ? `${minutes / 60} 小时` : `${minutes} 分钟`);

/** 释放: a reason for the member (optional), then the hours are free and the unpaid order is cancelled. */
function ReleaseButton({ hold }: { hold: AdminReservation }) {
  const [reason, setReason] = useState('');
  const { release } = useHoldActions();
  const confirm = async () => {
    release.mutate({ rid: hold.rid, ...(reason.trim() ? { reason: reason.trim() } : {}) }, {
      onSuccess: () => {
        feedback.success('已释放该预约，时段已开放');
      },
    });
  };
  return (
    <Popconfirm
      title="释放这个未支付的预约？"
      description={
        <div className="desk-release">
          <p>时段立即开放给其他用户，未支付的订单将取消，并通知客户。</p>
          <Input.TextArea aria-label="释放原因" placeholder="释放原因（选填，客户可见）" maxLength={200} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
      }
      okText="释放"
      cancelText="取消"
      okButtonProps={{ danger: true, loading: release.isPending }}
      onConfirm={() => confirm()}
    >
      <Button size="small" danger>
        释放
      </Button>
    </Popconfirm>
  );
}

/** 预约规则: how long an unpaid booking holds its hours, and how many unpaid hours one member may hold. */
function SettingsDialog({ open, settings, onClose }: { open: boolean; settings: ReservationSettings; onClose: () => void }) {
  const [form] = Form.useForm<{ hold_minutes: number; cap_hours: number }>();
  const { save } = useHoldActions();
  useEffect(() => {
    if (open) form.setFieldsValue({ hold_minutes: settings.holdMinutes, cap_hours: settings.capHours });
  }, [open, settings, form]);
  return (
    <Modal title="预约保留规则" open={open} onCancel={onClose} onOk={() => form.submit()} okText="保存" cancelText="取消" confirmLoading={save.isPending} destroyOnHidden>
      <SchemaForm
        form={form}
        name="reservation-settings"
        schema={adminReservationSettingsBody}
        layout="vertical"
        initialValues={{ hold_minutes: settings.holdMinutes, cap_hours: settings.capHours }}
        onSubmit={(checked) =>
          save.mutate(checked, {
            onSuccess: () => {
              feedback.success('预约规则已保存');
              onClose();
            },
          })
        }
      >
        <Form.Item label="保留时长（分钟）" name="hold_minutes" extra="未支付的预约保留这么久，逾期自动释放。只对之后的新预约生效。">
          <InputNumber min={10} max={10080} step={10} className="desk-number" />
        </Form.Item>
        <Form.Item label="未支付机时上限（小时）" name="cap_hours" extra="每位客户同时保留的未支付机时不能超过这个数。">
          <InputNumber min={1} max={200} className="desk-number" />
        </Form.Item>
      </SchemaForm>
    </Modal>
  );
}

/** 待支付保留: unpaid bookings holding hours now (who, instrument, hours, amount, until when), soonest to lapse first. */
export function HoldList({ canEditRules }: { canEditRules: boolean }) {
  const { data, isPending } = useHolds();
  const [editing, setEditing] = useState(false);
  const columns: TableColumnsType<AdminReservation> = [
    { title: '客户', key: 'member', render: (_, h) => <span>{h.member.name}<span className="admin-muted"> · {h.member.phone}</span></span> },
    { title: '仪器', dataIndex: 'name', ellipsis: true },
    { title: '时段', key: 'time', render: (_, h) => <span className="admin-nowrap">{h.date} {h.timeText}（{h.hours.length} 小时）</span> },
    { title: '金额', dataIndex: 'amountFen', align: 'right', render: (fen: number) => <Money fen={fen} /> },
    { title: '保留至', dataIndex: 'holdUntil', render: (at: string) => <Tag color="warning">{formatDateTime(at)}</Tag> },
    { title: '订单', dataIndex: 'orderNo', render: (orderNo: string | null) => (orderNo ? <Link to={`/admin/orders/${orderNo}`}>{orderNo}</Link> : '—') },
    { title: '操作', key: 'release', render: (_, h) => <ReleaseButton hold={h} /> },
  ];
  return (
    <AdminSection
      title="待支付保留"
      extra={
        canEditRules && data ? (
          <Button icon={<SettingOutlined />} onClick={() => setEditing(true)}>
            预约规则
          </Button>
        ) : null
      }
    >
      {isPending || !data ? (
        <Skeleton active />
      ) : (
        <>
          <p className="admin-muted" data-testid="hold-rules">
            未支付的预约保留 {holdText(data.settings.holdMinutes)}，逾期自动释放；每位客户最多保留 {data.settings.capHours} 小时未支付机时。
          </p>
          {data.holds.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="当前没有待支付的保留" />
          ) : (
            <div role="region" aria-label="待支付保留">
              <Table<AdminReservation> rowKey="rid" size="small" columns={columns} dataSource={data.holds} pagination={false} scroll={{ x: 860 }} />
            </div>
          )}
          <SettingsDialog open={editing} settings={data.settings} onClose={() => setEditing(false)} />
        </>
      )}
    </AdminSection>
  );
}
