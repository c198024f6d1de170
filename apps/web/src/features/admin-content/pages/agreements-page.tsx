import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Segmented, Tag, type TableColumnsType } from 'antd';
import { agreementKindLabels, agreementKinds, labDay, type AdminAgreementVersion, type AgreementKind } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { formatDateTime } from '../../../lib/format';
import { useAgreementDraft } from '../api/agreement-draft';
import { useAgreementVersions } from '../api/list-agreement-versions';
import { AgreementEditor } from '../components/agreement-editor';

const isKind = (value: string | null): value is AgreementKind => agreementKinds.includes(value as AgreementKind);

const notes: Record<AgreementKind, string> = {
  user: '发布后立即生效；已注册会员下次登录或打开网站时会看到更新说明，点击“同意”后才能继续使用。',
  privacy: '发布后立即生效；已注册会员下次登录或打开网站时会看到更新说明，点击“同意”后才能继续使用。',
  service: '发布后立即生效，适用于此后提交的订单（订单的委托检测服务协议引用现行版本），不要求会员重新同意。',
};

/**
 * /admin/content/agreements: 用户协议, 隐私政策, 委托检测服务条款. A published version is never
 * edited: 编辑新版本 starts from the current text (or the saved draft), 保存草稿 keeps it, 发布
 * shows the comparison with the version in force first and adds version n+1 (audited); the list
 * shows every version with what changed, who published it and when.
 */
export default function AgreementsPage() {
  const [search, setSearch] = useSearchParams();
  const kind: AgreementKind = isKind(search.get('kind')) ? (search.get('kind') as AgreementKind) : 'user';
  const versions = useAgreementVersions(kind);
  const [open, setOpen] = useState(false);
  const draft = useAgreementDraft(kind);
  // the newest version in force (a version scheduled for a later day is listed above it)
  const current = versions.data?.find((v) => v.effectiveDate <= labDay(new Date())) ?? versions.data?.[0];

  const columns: TableColumnsType<AdminAgreementVersion> = [
    { title: '版本', dataIndex: 'version', width: 90, render: (v: number, row) => <>第 {v} 版{row.version === current?.version ? <Tag color="green" style={{ marginLeft: 6 }}>现行</Tag> : null}</> },
    { title: '标题', dataIndex: 'title', width: 160 },
    { title: '生效日期', dataIndex: 'effectiveDate', width: 110 },
    { title: '更新说明', dataIndex: 'summary' },
    { title: '发布人', dataIndex: 'publishedBy', width: 100, render: (name: string | null) => name ?? '系统初始化' },
    { title: '发布时间', dataIndex: 'publishedAt', width: 170, render: (at: string) => formatDateTime(at) },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, row) => (
        <Button type="link" size="small" href={`/agreement/${row.kind}/${row.version}`} target="_blank" aria-label={`查看第 ${row.version} 版`}>
          查看
        </Button>
      ),
    },
  ];

  return (
    <AdminPage
      title="协议管理"
      description="用户协议、隐私政策和委托检测服务条款。已发布的版本不可修改；新版本可先保存草稿、预览，与现行版本对比后发布，每次发布生成新版本并记入操作日志；网站展示现行版本，历史版本可随时查阅。"
      extra={
        <Button type="primary" disabled={versions.isPending || draft.isPending} onClick={() => setOpen(true)}>
          {draft.data ? '继续编辑草稿' : '编辑新版本'}
        </Button>
      }
    >
      <AdminSection>
        <Segmented<AgreementKind>
          value={kind}
          options={agreementKinds.map((k) => ({ value: k, label: agreementKindLabels[k] }))}
          onChange={(value) => setSearch({ kind: value }, { replace: true })}
        />
        <p className="admin-muted" style={{ margin: '12px 0' }}>
          {notes[kind]}
        </p>
        <AdminTable<AdminAgreementVersion> rowKey="id" columns={columns} query={versions} scroll={{ x: 900 }} locale={{ emptyText: '尚未发布，请点击“编辑新版本”' }} />
      </AdminSection>
      {open ? <AgreementEditor key={kind} kind={kind} current={current} draft={draft.data ?? null} open={open} onClose={() => setOpen(false)} /> : null}
    </AdminPage>
  );
}
