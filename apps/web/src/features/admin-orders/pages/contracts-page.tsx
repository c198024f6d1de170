import { useState } from 'react';
import { App, Button, Segmented, Space, Tag, type TableColumnsType } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { contractStatusLabels, type AdminContract, type ContractStatus } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { StatusTag, type Tone } from '../../../components/admin/status-tag';
import { useServerTable } from '../../../components/admin/use-server-table';
import { adminContracts } from '../api/admin-contracts';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { settled } from '../../../lib/use-api-mutation';
import { useContracts } from '../api/list-contracts';
import { confirmContract, useRequirementMutation } from '../api/save-requirement';
import { ContractSendModal } from '../components/contract-send-modal';
import { withStatus } from '../../../components/admin/review-queue';
import { MemberCell } from '../../../components/admin/member-cell';
import '../../../components/admin/customers.css';

const tones: Record<ContractStatus, Tone> = { to_sign: 'warning', signed: 'processing', confirmed: 'success', closed: 'default' };
const statusOptions = [
  { value: 'signed', label: '待确认' },
  { value: 'to_sign', label: '待签署' },
  { value: 'confirmed', label: '已生效' },
  { value: 'closed', label: '无需签署' },
  { value: 'all', label: '全部' },
];

/** /admin/contracts: the lab's contracts sent to members and the orders' agreements; sales confirms a signed copy. */
export default function ContractsPage() {
  const table = useServerTable({ filters: { status: 'signed' } });
  const { data, isFetching } = useContracts(withStatus(table.query));
  const [sending, setSending] = useState(false);
  const confirm = useRequirementMutation(confirmContract);
  const { modal } = App.useApp();

  const download = (file: typeof adminContracts.file, rid: string, name: string) => file({ rid }, name).catch((error: unknown) => feedback.failure(error));

  const onConfirm = (row: AdminContract) =>
    modal.confirm({
      title: `确认「${row.title}」已生效？`,
      content: '请先下载并核对客户上传的签署件（签字、盖章完整）。确认后客户会收到通知，不可撤销。',
      okText: '确认生效',
      cancelText: '取消',
      onOk: () =>
        settled(
          confirm.mutateAsync({ rid: row.rid }, {
            onSuccess: () => {
              feedback.success('合同已确认生效');
            },
          }),
        ),
    });

  const columns: TableColumnsType<AdminContract> = [
    {
      title: '合同',
      key: 'title',
      width: 220,
      render: (_, c) => (
        <div className="customers-stack">
          <strong>{c.title}</strong>
          <span>
            <Tag>{c.kind === 'agreement' ? '委托协议' : '实验室合同'}</Tag>
            {c.orderNo && <span className="admin-muted">{c.orderNo}</span>}
          </span>
        </div>
      ),
    },
    { title: '客户', key: 'member', width: 150, render: (_, c) => <div className="customers-stack"><MemberCell member={{ rid: c.member.rid, name: c.member.name, phone: c.member.phone }} link /><span className="admin-muted">{c.member.company}</span></div> },
    { title: '状态', dataIndex: 'status', width: 120, render: (s: ContractStatus) => <StatusTag status={s} labels={contractStatusLabels} tones={tones} /> },
    {
      title: '时间',
      key: 'times',
      width: 190,
      render: (_, c) => (
        <div className="customers-stack admin-nowrap">
          <span>创建 {formatDateTime(c.createdAt)}</span>
          {c.signedAt && <span>签署件 {formatDateTime(c.signedAt)}</span>}
          {c.confirmedAt && <span>生效 {formatDateTime(c.confirmedAt)}</span>}
        </div>
      ),
    },
    {
      title: '文件',
      key: 'files',
      render: (_, c) => (
        <Space size={0} wrap>
          {c.kind === 'contract' && <Button type="link" size="small" onClick={() => void download(adminContracts.file, c.rid, c.title)}>合同原件</Button>}
          {c.hasSigned ? <Button type="link" size="small" onClick={() => void download(adminContracts.signed, c.rid, `${c.title}（签署件）`)}>签署件</Button> : <span className="admin-muted">未上传签署件</span>}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 100,
      render: (_, c) => (c.status === 'signed' ? <Button type="link" size="small" onClick={() => onConfirm(c)}>确认生效</Button> : <span className="admin-muted">—</span>),
    },
  ];

  return (
    <AdminPage
      title="合同管理"
      description="向客户发送实验室合同；客户上传签字盖章的签署件后，核对无误即可确认生效。"
      extra={<Button type="primary" icon={<UploadOutlined />} onClick={() => setSending(true)}>上传合同</Button>}
    >
      <AdminSection>
        <div className="admin-filters">
          <Segmented className="customers-segmented" value={table.filters.status} options={statusOptions} onChange={(status) => table.setFilters({ status: String(status) })} aria-label="合同状态" />
        </div>
        <AdminTable<AdminContract>
          rowKey="rid"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
          scroll={{ x: 1000 }}
          locale={{ emptyText: table.filters.status === 'signed' ? '没有待确认的签署件' : '暂无合同' }}
        />
      </AdminSection>
      <ContractSendModal open={sending} onClose={() => setSending(false)} />
    </AdminPage>
  );
}
