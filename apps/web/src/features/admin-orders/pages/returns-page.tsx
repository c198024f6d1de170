import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button, Form, Input, Modal, Select, Tabs, type TableColumnsType } from 'antd';
import { adminReturnSendBody, returnCarriers, type AdminReturn } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { SchemaForm } from '../../../components/schema-form';
import { useReturns, useSendReturn } from '../api/sample-returns';
import { PromiseTag, ReturnStatusTag } from '../components/order-tags';
import '../order-desk.css';

const tabs = [
  { key: 'pending', label: '待寄回' },
  { key: 'sent', label: '已寄回' },
  { key: 'cancelled', label: '已取消' },
  { key: 'all', label: '全部' },
];
const carrierOptions = returnCarriers.map((carrier) => ({ value: carrier, label: carrier }));

/** 寄出: the carrier and tracking number, checked with the contract's schema first; the member is told. */
function SendDialog({ request, onClose }: { request: AdminReturn | null; onClose: () => void }) {
  const [form] = Form.useForm<{ carrier: string; tracking_no: string }>();
  const send = useSendReturn();

  useEffect(() => {
    if (request) form.setFieldsValue({ carrier: returnCarriers[0], tracking_no: '' });
  }, [request, form]);

  return (
    <Modal title="寄回样品" open={request !== null} onCancel={onClose} onOk={() => form.submit()} okText="确认寄出" cancelText="取消" confirmLoading={send.isPending} destroyOnHidden>
      {request && (
        <p>
          {request.samples}
          <br />
          <span className="admin-muted">
            寄往 {request.name} {request.phone}，{request.province}
            {request.city}
            {request.area}
            {request.address}
          </span>
        </p>
      )}
      <SchemaForm
        form={form}
        name="return-send"
        schema={adminReturnSendBody}
        body={(values) => ({ rid: request?.rid, carrier: values.carrier, tracking_no: values.tracking_no })}
        layout="vertical"
        requiredMark
        initialValues={{ carrier: returnCarriers[0], tracking_no: '' }}
        onSubmit={(checked) =>
          send.mutate(checked, {
            onSuccess: () => {
              feedback.success('已标记寄出，并通知会员');
              onClose();
            },
          })
        }
      >
        <Form.Item label="快递公司" name="carrier">
          <Select options={carrierOptions} aria-label="快递公司" />
        </Form.Item>
        <Form.Item label="快递单号" name="tracking_no" required extra="客户会收到短信和站内信，内含快递单号">
          <Input maxLength={40} autoComplete="off" placeholder="如 SF1234567890" />
        </Form.Item>
      </SchemaForm>
    </Modal>
  );
}

/** /admin/returns (样品回寄): members' requests to have their samples sent back; 寄出 with the tracking number. */
export default function ReturnsPage() {
  const table = useServerTable({ filters: { status: 'pending', keyword: '' }, sort: { field: 'createdAt', order: 'ascend' } });
  // '全部' is a value of its own: an empty filter would fall back to the default tab
  const { status, ...rest } = table.query;
  const { data, isFetching } = useReturns(status === 'all' ? rest : table.query);
  const [sending, setSending] = useState<AdminReturn | null>(null);

  const columns: TableColumnsType<AdminReturn> = [
    { title: '申请时间', dataIndex: 'createdAt', key: 'createdAt', width: 150, sorter: true, sortOrder: table.sortOrderOf('createdAt'), render: (at: string) => formatDateTime(at) },
    {
      title: '客户',
      key: 'member',
      width: 150,
      render: (_, request) => (
        <div>
          <div>{request.member.name}</div>
          <div className="admin-muted">{request.member.phone}</div>
        </div>
      ),
    },
    {
      title: '订单',
      dataIndex: 'order_no',
      width: 190,
      render: (orderNo: string | null, request) =>
        orderNo && request.order ? (
          <div>
            <Link to={`/admin/orders/${orderNo}`} className="desk-order-no">
              {orderNo}
            </Link>
            <div className="admin-muted">
              {request.order.progressText} · {request.order.paymentText}
            </div>
          </div>
        ) : (
          <span className="admin-muted">{orderNo ?? '未关联订单'}</span>
        ),
    },
    { title: '样品', dataIndex: 'samples', width: 200 },
    {
      title: '收件信息',
      key: 'address',
      width: 260,
      render: (_, request) => (
        <div>
          <div>
            {request.name} {request.phone}
          </div>
          <div className="admin-muted">
            {request.province}
            {request.city}
            {request.area}
            {request.address}
          </div>
          {request.message && <div className="admin-muted">留言：{request.message}</div>}
        </div>
      ),
    },
    {
      title: '48小时承诺',
      key: 'promise',
      width: 150,
      render: (_, request) => (request.promise ? <PromiseTag promise={request.promise} /> : <span className="admin-muted">{request.order ? '订单付清后开始计时' : '—'}</span>),
    },
    {
      title: '状态',
      key: 'status',
      width: 170,
      render: (_, request) => (
        <div>
          <ReturnStatusTag status={request.status} />
          {request.trackingNo && <div>{request.trackingNo}</div>}
          {request.handledAt && (
            <div className="admin-muted">
              {formatDateTime(request.handledAt)} {request.handledBy ?? ''}
            </div>
          )}
        </div>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 90,
      render: (_, request) =>
        request.status === 'pending' ? (
          <Button type="link" size="small" onClick={() => setSending(request)}>
            寄出
          </Button>
        ) : null,
    },
  ];

  return (
    <AdminPage title="样品回寄" description="客户申请寄回的余样：按时寄出并填写快递单号，客户会收到通知。承诺：订单付清后48小时内寄回。">
      <AdminSection>
        <Tabs className="desk-tabs" activeKey={table.filters.status} items={tabs} onChange={(status) => table.setFilters({ status })} />
        <div className="admin-filters">
          <Input.Search allowClear placeholder="订单号 / 收件人 / 手机号 / 快递单号" defaultValue={table.filters.keyword} onSearch={(keyword) => table.setFilters({ keyword: keyword.trim() })} aria-label="搜索回寄申请" />
        </div>
        <AdminTable<AdminReturn>
          rowKey="rid"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
          scroll={{ x: 1360 }}
          locale={{ emptyText: table.filters.status === 'pending' ? '没有待寄回的样品' : '没有符合条件的回寄申请' }}
        />
      </AdminSection>
      <SendDialog request={sending} onClose={() => setSending(null)} />
    </AdminPage>
  );
}
