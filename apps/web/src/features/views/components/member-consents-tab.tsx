import { Alert, Table, Tag, type TableColumnsType } from 'antd';
import { consentChannelLabels, consentPurposeLabels, type ConsentRecord } from '@lab/contract';
import { formatDateTime } from '../../../lib/format';
import { useMemberConsents } from '../../admin-member/api/list-member-consents';

const columns: TableColumnsType<ConsentRecord> = [
  { title: '时间', dataIndex: 'createdAt', width: 170, render: (at: string) => formatDateTime(at) },
  { title: '事项', dataIndex: 'purpose', render: (purpose: ConsentRecord['purpose'], row) => `${consentPurposeLabels[purpose]}${row.version ? `（第 ${row.version} 版）` : ''}` },
  { title: '操作', dataIndex: 'granted', width: 80, render: (granted: boolean) => (granted ? <Tag color="green">同意</Tag> : <Tag>撤回</Tag>) },
  { title: '方式', dataIndex: 'channel', width: 150, render: (channel: ConsentRecord['channel']) => consentChannelLabels[channel] },
  { title: 'IP 地址', dataIndex: 'ip', width: 140, render: (ip: string | null) => ip ?? '—' },
];

/** 同意记录: what the member agreed to (which version, when, from where, through which path) and withdrew. */
export function MemberConsentsTab({ rid }: { rid: string }) {
  const consents = useMemberConsents(rid);
  if (consents.isError) return <Alert type="error" showIcon title="同意记录加载失败" description={consents.error.message} />;
  return (
    <Table<ConsentRecord>
      className="admin-table"
      rowKey={(row) => `${row.createdAt}-${row.purpose}-${String(row.granted)}`}
      size="small"
      columns={columns}
      dataSource={consents.data ?? []}
      loading={consents.isPending}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      scroll={{ x: 700 }}
      locale={{ emptyText: '暂无同意记录（协议同意记录上线前注册的会员，下次登录时会被请求同意）' }}
    />
  );
}
