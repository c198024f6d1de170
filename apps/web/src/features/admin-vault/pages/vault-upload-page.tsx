import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Progress, Select, Space, Table, Tag, Upload, type TableColumnsType } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { adminVaultUploadForm, vaultFileStateLabels, type AdminVaultFile, type VaultUpload } from '@lab/contract';
import type { z } from 'zod';
import { SchemaForm } from '../../../components/schema-form';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { adminKey } from '../../../lib/admin-api';
import { formatDateTime } from '../../../lib/format';
import { adminVault } from '../api/admin-vault';
import { sendVaultParts, startVaultUpload } from '../api/upload-to-vault';
import { formatBytes } from '../../vault/api/format-bytes';

type UploadForm = z.output<typeof adminVaultUploadForm>;
interface UploadValues {
  sample_code: string | undefined;
  instrument: string;
  description: string;
}

interface Queued {
  key: string;
  file: File;
  sent: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: string;
  upload?: VaultUpload;
}

const stateColors: Record<AdminVaultFile['state'], string> = { uploading: 'default', verifying: 'processing', verified: 'success', mismatch: 'error', deleted: 'default' };

/**
 * /admin/vault 原始数据上传: the lab picks an order (and a sample), names the instrument, drops the
 * raw files; each goes straight to storage in parts with its own progress bar, its SHA-256
 * computed on the way and checked by the server. A file that broke off continues where it
 * stopped (继续上传). Below: the order's files with their state and hash.
 */
export default function VaultUploadPage() {
  const [params, setParams] = useSearchParams();
  const orderNo = params.get('order') ?? '';
  const [typed, setTyped] = useState(orderNo);
  const [form] = Form.useForm<UploadValues>();
  const [meta, setMeta] = useState<UploadForm | null>(null);
  const [queue, setQueue] = useState<Queued[]>([]);
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();
  const filesKey = [...adminKey, 'vault', 'files', orderNo];
  const order = useQuery({ queryKey: [...adminKey, 'vault', 'order', orderNo], queryFn: () => adminVault.order({ order_no: orderNo }), enabled: Boolean(orderNo) });
  const files = useQuery({ queryKey: filesKey, queryFn: () => adminVault.files({ order_no: orderNo }), enabled: Boolean(orderNo && order.data), refetchInterval: (query) => (query.state.data?.some((file) => file.state === 'verifying') ? 2000 : false) });

  const patch = (key: string, change: Partial<Queued>) => setQueue((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));

  async function run(item: Queued, filed: UploadForm) {
    patch(item.key, { state: 'uploading', error: '' });
    try {
      const upload = item.upload ? await adminVault.resume({ rid: item.upload.rid }) : await startVaultUpload(item.file, { orderNo, sampleCode: filed.sample_code, instrument: filed.instrument, description: filed.description });
      patch(item.key, { upload });
      await sendVaultParts(item.file, upload, (sent) => patch(item.key, { sent }));
      patch(item.key, { state: 'done', sent: item.file.size });
    } catch (error) {
      patch(item.key, { state: 'failed', error: error instanceof Error ? error.message : '上传失败' });
    }
    void client.invalidateQueries({ queryKey: filesKey });
  }

  async function uploadAll(filed: UploadForm) {
    setMeta(filed);
    setBusy(true);
    for (const item of queue.filter((entry) => entry.state === 'waiting')) await run(item, filed);
    setBusy(false);
  }

  const columns: TableColumnsType<AdminVaultFile> = [
    { title: '文件', dataIndex: 'name', render: (name: string, file) => <div><div>{name}</div><div className="admin-muted">{[file.sampleCode, file.instrument, file.description].filter(Boolean).join(' · ')}</div></div> },
    { title: '大小', dataIndex: 'size', width: 110, render: (size: number) => formatBytes(size) },
    { title: 'SHA-256', dataIndex: 'sha256', render: (sha: string | null) => <code className="vault-hash">{sha ?? ''}</code> },
    { title: '状态', dataIndex: 'state', width: 110, render: (state: AdminVaultFile['state']) => <Tag color={stateColors[state]}>{vaultFileStateLabels[state]}</Tag> },
    { title: '上传时间', dataIndex: 'uploadedAt', width: 160, render: (at: string | null) => formatDateTime(at) },
    { title: '保存至', dataIndex: 'retentionEnd', width: 160, render: (at: string) => formatDateTime(at) },
  ];

  return (
    <AdminPage title="原始数据上传" description="原始数据直接上传到存储（单个文件最大 5 GB，可断点续传）；浏览器边上传边计算 SHA-256，服务器读回存储中的文件核对，不一致时标记并提醒。">
      <AdminSection>
        <Space wrap>
          <Input.Search
            aria-label="订单编号"
            placeholder="输入或扫描订单编号"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onSearch={(value) => setParams(value.trim() ? { order: value.trim() } : {})}
            enterButton="查找"
            style={{ width: 320 }}
          />
        </Space>
        {order.error ? <Alert type="error" showIcon message={order.error.message} style={{ marginTop: 12 }} /> : null}
      </AdminSection>
      {order.data ? (
        <AdminSection title={`${order.data.orderNo} · ${order.data.title}`}>
          <SchemaForm
            form={form}
            name="vault-upload"
            schema={adminVaultUploadForm}
            layout="vertical"
            style={{ maxWidth: 640 }}
            initialValues={{ sample_code: '', instrument: '', description: '' }}
            body={(values) => ({ ...values, sample_code: values.sample_code ?? '' })}
            onSubmit={(checked) => void uploadAll(checked)}
          >
            <Form.Item label="样品" name="sample_code">
              <Select allowClear placeholder="整个订单" aria-label="样品" options={order.data.samples.map((sample) => ({ value: sample.code, label: `${sample.code} ${sample.name}` }))} />
            </Form.Item>
            <Form.Item label="仪器" name="instrument" required>
              <Input placeholder="如 SEM Sigma 300" maxLength={100} aria-label="仪器" />
            </Form.Item>
            <Form.Item label="说明" name="description">
              <Input placeholder="如 二次电子像，5 kV" maxLength={500} aria-label="说明" />
            </Form.Item>
            <Form.Item label="文件">
              <Upload.Dragger
                multiple
                showUploadList={false}
                beforeUpload={(file) => {
                  setQueue((items) => [...items, { key: `${file.name}-${file.size}-${Date.now()}-${items.length}`, file, sent: 0, state: 'waiting' }]);
                  return false;
                }}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">点击或拖入原始数据文件</p>
              </Upload.Dragger>
            </Form.Item>
          </SchemaForm>
          {queue.length ? (
            <ul className="vault-queue" aria-label="上传队列">
              {queue.map((item) => (
                <li key={item.key}>
                  <div className="vault-queue-name">
                    {item.file.name} <span className="admin-muted">{formatBytes(item.file.size)}</span>
                  </div>
                  <Progress percent={item.file.size ? Math.floor((item.sent / item.file.size) * 100) : 0} status={item.state === 'failed' ? 'exception' : item.state === 'done' ? 'success' : 'active'} aria-label={`${item.file.name} 上传进度`} />
                  {item.state === 'failed' ? (
                    <Space>
                      <span role="alert" className="vault-error">{item.error}</span>
                      <Button size="small" onClick={() => meta && void run(item, meta)} disabled={busy || !meta}>
                        {item.upload ? '继续上传' : '重试'}
                      </Button>
                    </Space>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          <Button type="primary" onClick={() => form.submit()} loading={busy} disabled={!queue.some((item) => item.state === 'waiting')}>
            开始上传
          </Button>
        </AdminSection>
      ) : null}
      {order.data ? (
        <AdminSection title="已上传的文件">
          <Table<AdminVaultFile> rowKey="rid" columns={columns} dataSource={files.data ?? []} loading={files.isFetching && !files.data} pagination={false} scroll={{ x: 900 }} locale={{ emptyText: '该订单还没有原始数据' }} />
        </AdminSection>
      ) : null}
    </AdminPage>
  );
}
