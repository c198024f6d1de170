import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { VAULT_SHARE_MAX_DAYS, vaultFileStateLabels, vaultShareAddBody, type VaultFile, type VaultShare } from '@lab/contract';
import type { z } from 'zod';
import { SchemaForm } from '../../../components/schema-form';
import { LoadFailed } from '../../../components/member/load-failed';
import { feedback } from '../../../lib/feedback';
import { formatDate, formatDateTime } from '../../../lib/format';
import { absoluteUrl } from '../../../lib/site-info';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { formatBytes } from '../api/format-bytes';
import { vault } from '../api/vault';
import { ExtendDialog } from '../components/extend-dialog';
import '../../../components/member/member-pages.css';
import './vault.css';

type VaultShareAddBody = z.output<typeof vaultShareAddBody>;

const filesKey = ['vault', 'files'] as const;
const sharesKey = ['vault', 'shares'] as const;

/**
 * /member/vault 数据保管箱: the raw data the lab uploaded for the member's orders, per order and
 * sample, with size, SHA-256 (copy), upload time and the retention's end; the sha256sum list and
 * the manifest; downloads by links that expire; share links for co-authors (expiry, 提取码, a
 * download cap, revocation); the certificates of files deleted at the retention's end.
 */
export default function VaultPage() {
  const files = useQuery({ queryKey: filesKey, queryFn: () => vault.files({ page: 1, pageSize: 100 }) });
  const shares = useQuery({ queryKey: sharesKey, queryFn: () => vault.shares() });
  const certificates = useQuery({ queryKey: ['vault', 'certificates'], queryFn: () => vault.certificates() });
  const [selected, setSelected] = useState<string[]>([]);
  const [sharing, setSharing] = useState(false);
  const [extending, setExtending] = useState(false);
  const [made, setMade] = useState<string | null>(null);
  const [form] = Form.useForm<{ days: number | null; code: string; max_downloads: number | null }>();

  const download = useApiMutation({
    mutationFn: (rid: string) => vault.link({ rid }),
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
  const share = useApiMutation({
    mutationFn: (checked: VaultShareAddBody) => vault.share({ rids: checked.rids.join(','), days: checked.days, code: checked.code ?? '', max_downloads: checked.max_downloads ?? '' }),
    invalidates: [sharesKey],
    onSuccess: (link) => setMade(absoluteUrl(link.path)),
  });
  const revoke = useApiMutation({ mutationFn: (rid: string) => vault.revoke({ rid }), invalidates: [sharesKey], onSuccess: () => feedback.success('分享已撤销') });
  const sums = useApiMutation({ mutationFn: (format: 'sha256sum' | 'manifest') => vault.sums({ format }, format === 'sha256sum' ? '数据保管箱.sha256' : '数据保管箱-manifest.json') });

  const columns: TableColumnsType<VaultFile> = [
    { title: '订单 / 样品', key: 'order', width: 190, render: (_, file) => <div><div>{file.orderNo}</div><div className="member-muted">{file.sampleCode ?? '整个订单'}</div></div> },
    { title: '文件', key: 'name', render: (_, file) => <div><div className="vault-name">{file.name}</div><div className="member-muted">{[file.instrument, file.description].filter(Boolean).join(' · ')}</div></div> },
    { title: '大小', dataIndex: 'size', width: 100, render: (size: number) => formatBytes(size) },
    {
      title: 'SHA-256',
      dataIndex: 'sha256',
      width: 220,
      render: (sha: string | null, file) =>
        sha ? (
          <Typography.Text className="vault-hash" copyable={{ text: sha, tooltips: ['复制 SHA-256', '已复制'] }} aria-label={`${file.name} 的 SHA-256`}>
            {sha}
          </Typography.Text>
        ) : null,
    },
    { title: '上传时间', dataIndex: 'uploadedAt', width: 150, render: (at: string | null) => formatDateTime(at) },
    { title: '保存至', dataIndex: 'retentionEnd', width: 110, render: (at: string) => formatDate(at) },
    {
      title: '',
      key: 'actions',
      width: 110,
      render: (_, file) =>
        file.state === 'deleted' ? (
          <Tag>{vaultFileStateLabels.deleted}</Tag>
        ) : file.state === 'mismatch' ? (
          <Tag color="error">{vaultFileStateLabels.mismatch}</Tag>
        ) : (
          <Button size="small" loading={download.isPending && download.variables === file.rid} onClick={() => download.mutate(file.rid)}>
            下载
          </Button>
        ),
    },
  ];

  const shareColumns: TableColumnsType<VaultShare> = [
    { title: '文件', dataIndex: 'fileNames', render: (names: string[]) => names.join('、') },
    { title: '提取码', dataIndex: 'hasCode', width: 80, render: (has: boolean) => (has ? '有' : '无') },
    { title: '下载', key: 'downloads', width: 100, render: (_, link) => `${link.downloads}${link.maxDownloads ? ` / ${link.maxDownloads}` : ''} 次` },
    { title: '有效期至', dataIndex: 'expiresAt', width: 150, render: (at: string) => formatDateTime(at) },
    {
      title: '',
      key: 'revoke',
      width: 100,
      render: (_, link) =>
        link.revokedAt ? (
          <Tag>已撤销</Tag>
        ) : (
          <Button size="small" danger loading={revoke.isPending && revoke.variables === link.rid} onClick={() => revoke.mutate(link.rid)}>
            撤销
          </Button>
        ),
    },
  ];

  if (files.error) return <LoadFailed title="数据保管箱加载失败" error={files.error} onRetry={() => void files.refetch()} />;
  const list = files.data?.list ?? [];
  return (
    <div className="member-page vault-page">
      <h1 className="page-title">数据保管箱</h1>
      <p className="member-page-lead">实验室上传的原始数据，按订单和样品存放。每个文件附 SHA-256 校验值，下载后可用 sha256sum -c 核对；可分享给合作者，对方无需注册即可下载。</p>
      <section className="member-card" aria-label="原始数据">
        <Space wrap className="vault-toolbar">
          <Button type="primary" disabled={!selected.length} onClick={() => { setMade(null); form.resetFields(); setSharing(true); }}>
            分享所选（{selected.length}）
          </Button>
          <Button disabled={!selected.length} onClick={() => setExtending(true)}>
            延长保存期（{selected.length}）
          </Button>
          <Button onClick={() => sums.mutate('sha256sum')} disabled={!list.length}>下载校验清单</Button>
          <Button onClick={() => sums.mutate('manifest')} disabled={!list.length}>下载文件清单</Button>
        </Space>
        <Table<VaultFile>
          rowKey="rid"
          columns={columns}
          dataSource={list}
          loading={files.isLoading}
          pagination={false}
          scroll={{ x: 1000 }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]), getCheckboxProps: (file) => ({ disabled: file.state !== 'verified' && file.state !== 'verifying', 'aria-label': `选择 ${file.name}` }) }}
          locale={{ emptyText: '暂无原始数据' }}
        />
      </section>
      <section className="member-card" aria-label="我的分享">
        <h2 className="member-card-title">我的分享</h2>
        <Table<VaultShare> rowKey="rid" columns={shareColumns} dataSource={shares.data ?? []} pagination={false} scroll={{ x: 640 }} locale={{ emptyText: '还没有分享' }} />
      </section>
      {certificates.data?.length ? (
        <section className="member-card" aria-label="删除证明">
          <h2 className="member-card-title">删除证明</h2>
          {certificates.data.map((certificate) => (
            <div key={certificate.rid} className="vault-certificate">
              <div>证明编号 {certificate.rid} · 删除于 {formatDateTime(certificate.deletedAt)}</div>
              <ul>
                {certificate.files.map((file) => (
                  <li key={`${file.orderNo}-${file.name}-${file.sha256}`}>
                    {file.orderNo} {file.sampleCode ?? ''} {file.name}（{formatBytes(file.size)}）<code className="vault-hash">{file.sha256}</code>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ) : null}
      <ExtendDialog rids={selected} open={extending} onClose={() => setExtending(false)} />
      <Modal title="分享给合作者" open={sharing} onCancel={() => setSharing(false)} footer={made ? <Button onClick={() => setSharing(false)}>完成</Button> : undefined} onOk={() => form.submit()} okText="生成链接" confirmLoading={share.isPending} destroyOnHidden>
        {made ? (
          <div>
            <p>分享链接已生成，复制后发给合作者：</p>
            <Typography.Paragraph copyable={{ text: made, tooltips: ['复制链接', '已复制'] }} className="vault-link">{made}</Typography.Paragraph>
          </div>
        ) : (
          <SchemaForm
            form={form}
            name="vault-share"
            schema={vaultShareAddBody}
            body={(values) => ({ rids: selected.join(','), days: values.days ?? '', code: values.code, max_downloads: values.max_downloads ?? '' })}
            layout="vertical"
            initialValues={{ days: 7, code: '', max_downloads: null }}
            onSubmit={(checked) => share.mutate(checked)}
          >
            <Form.Item label="有效天数" name="days" required>
              <InputNumber min={1} max={VAULT_SHARE_MAX_DAYS} precision={0} addonAfter="天" aria-label="有效天数" />
            </Form.Item>
            <Form.Item label="提取码（可选）" name="code">
              <Input maxLength={8} placeholder="4–8 位字母或数字" aria-label="提取码" />
            </Form.Item>
            <Form.Item label="下载次数上限（可选）" name="max_downloads">
              <InputNumber min={1} max={10000} precision={0} addonAfter="次" aria-label="下载次数上限" />
            </Form.Item>
          </SchemaForm>
        )}
      </Modal>
    </div>
  );
}
