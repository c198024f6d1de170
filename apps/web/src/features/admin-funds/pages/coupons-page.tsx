import { useState } from 'react';
import { App, Button, Checkbox, Input, Select, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { couponStatusLabels, type AdminCouponTemplate, type AdminIssuedCoupon, type CouponStatus } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { StatusTag } from '../../../components/admin/status-tag';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDate, formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { settled } from '../../../lib/use-api-mutation';
import { useCouponTemplates } from '../api/coupon-templates';
import { useIssuedCoupons } from '../api/list-issued-coupons';
import { disableCouponTemplate } from '../api/save-coupon-template';
import { useFinanceMutation } from '../api/use-finance-mutation';
import { couponValidityText, couponValueText } from '../components/coupon-text';
import { CouponTemplateModal } from '../components/coupon-template-modal';
import { IssueCouponModal } from '../components/issue-coupon-modal';
import { MemberCell } from '../../../components/admin/member-cell';
import '../../../components/admin/finance.css';

const expired = (t: AdminCouponTemplate) => t.validTo !== null && new Date(t.validTo).getTime() < Date.now();
const stateOf = (t: AdminCouponTemplate) => (!t.active ? <Tag>已停用</Tag> : expired(t) ? <Tag color="warning">已过期</Tag> : <Tag color="success">进行中</Tag>);
const couponTones = { unused: 'success', used: 'default', expired: 'warning' } as const;
const sourceOptions = [
  { value: '', label: '全部来源' },
  { value: 'staff', label: '工作人员发放' },
  { value: 'claimed', label: '会员领取' },
];

function Templates({ onIssue }: { onIssue: (t: AdminCouponTemplate) => void }) {
  const [showStopped, setShowStopped] = useState(false);
  const { data, isFetching } = useCouponTemplates(showStopped ? 'all' : 'active');
  const { modal } = App.useApp();
  const disable = useFinanceMutation(disableCouponTemplate);

  const askDisable = (t: AdminCouponTemplate) =>
    modal.confirm({
      title: `停用「${t.name}」？`,
      content: '停用后会员不能再领取，也不能再发放；已发出的优惠券在有效期内仍可使用。',
      okText: '停用',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        settled(
          disable.mutateAsync(t.rid, {
            onSuccess: () => {
              feedback.success('优惠券已停用');
            },
          }),
        ),
    });

  const columns: TableColumnsType<AdminCouponTemplate> = [
    { title: '名称', dataIndex: 'name', width: 180 },
    { title: '优惠', key: 'value', width: 180, render: (_, t) => couponValueText(t) },
    { title: '适用范围', dataIndex: 'scopeText', width: 150 },
    { title: '有效期', key: 'validity', width: 150, render: (_, t) => couponValidityText(t) },
    { title: '已发 / 总量', key: 'stock', width: 100, render: (_, t) => `${t.claimedCount} / ${t.totalStock ?? '不限'}` },
    { title: '每人限领', dataIndex: 'perMemberLimit', width: 80, render: (n: number) => `${n} 张` },
    { title: '领取方式', dataIndex: 'open', width: 100, render: (open: boolean, row) => (
        <>
          {open ? <Tag color="blue">会员可领</Tag> : <Tag>仅限发放</Tag>}
          {row.newMembers ? <Tag color="gold">注册即发</Tag> : null}
        </>
      ) },
    { title: '状态', key: 'state', width: 80, render: (_, t) => stateOf(t) },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 120,
      render: (_, t) =>
        t.active ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => onIssue(t)} disabled={expired(t)}>
              发放
            </Button>
            <Button type="link" size="small" danger onClick={() => askDisable(t)}>
              停用
            </Button>
          </Space>
        ) : (
          <span className="admin-muted">—</span>
        ),
    },
  ];

  return (
    <>
      <div className="admin-filters">
        <Checkbox checked={showStopped} onChange={(event) => setShowStopped(event.target.checked)}>
          显示已停用
        </Checkbox>
      </div>
      <Table<AdminCouponTemplate>
        className="admin-table"
        rowKey="rid"
        size="middle"
        columns={columns}
        dataSource={data}
        loading={isFetching}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 1140 }}
        locale={{ emptyText: '还没有优惠券，点击右上角「新建优惠券」' }}
      />
    </>
  );
}

function Issued() {
  const table = useServerTable({ filters: { keyword: '', source: '', template_rid: '' }, prefix: 'issued' });
  const { data, isFetching } = useIssuedCoupons(table.query);
  const templates = useCouponTemplates('all');
  const templateOptions = [{ value: '', label: '全部优惠券' }, ...(templates.data ?? []).map((t) => ({ value: t.rid, label: t.name }))];

  const columns: TableColumnsType<AdminIssuedCoupon> = [
    { title: '发放/领取时间', dataIndex: 'claimedAt', width: 150, render: (at: string) => formatDateTime(at) },
    { title: '会员', dataIndex: 'member', width: 150, render: (member: AdminIssuedCoupon['member']) => <MemberCell member={member} /> },
    { title: '优惠券', dataIndex: 'name', width: 200 },
    { title: '优惠', key: 'value', width: 180, render: (_, c) => couponValueText(c) },
    { title: '有效期至', dataIndex: 'validTo', width: 110, render: (at: string) => formatDate(at) },
    { title: '状态', dataIndex: 'status', width: 90, render: (status: CouponStatus) => <StatusTag status={status} labels={couponStatusLabels} tones={couponTones} /> },
    { title: '来源', dataIndex: 'issuedBy', width: 120, render: (by: string | null) => (by ? `${by} 发放` : <span className="admin-muted">会员领取</span>) },
  ];

  return (
    <>
      <div className="admin-filters">
        <Input.Search allowClear placeholder="手机号或姓名" defaultValue={table.filters.keyword} onSearch={(keyword) => table.setFilters({ keyword: keyword.trim() })} aria-label="搜索会员" />
        <Select style={{ width: 200 }} value={table.filters.template_rid} options={templateOptions} onChange={(template_rid) => table.setFilters({ template_rid })} aria-label="优惠券" />
        <Select style={{ width: 140 }} value={table.filters.source} options={sourceOptions} onChange={(source) => table.setFilters({ source })} aria-label="来源" />
      </div>
      <AdminTable<AdminIssuedCoupon>
        rowKey="rid"
        columns={columns}
        query={{ data, isFetching }}
        table={table}
        scroll={{ x: 1000 }}
        locale={{ emptyText: '暂无发放记录' }}
      />
    </>
  );
}

/** /admin/finance/coupons: 优惠券 — templates (create, stop), issuing one to a member, and what members hold. */
export default function CouponsPage() {
  const [creating, setCreating] = useState(false);
  const [issuing, setIssuing] = useState<AdminCouponTemplate | null>(null);
  return (
    <AdminPage
      title="优惠券"
      description="设置优惠券的面额或折扣、门槛、有效期与适用范围；会员可在领券中心领取，或由工作人员发放给指定会员。"
      extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>新建优惠券</Button>}
    >
      <AdminSection>
        <Tabs
          className="admin-queue-tabs"
          items={[
            { key: 'templates', label: '优惠券', children: <Templates onIssue={setIssuing} /> },
            { key: 'issued', label: '发放记录', children: <Issued /> },
          ]}
        />
      </AdminSection>
      <CouponTemplateModal open={creating} onClose={() => setCreating(false)} />
      <IssueCouponModal template={issuing} onClose={() => setIssuing(null)} />
    </AdminPage>
  );
}
