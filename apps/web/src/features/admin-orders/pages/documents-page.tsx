import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Space } from 'antd';
import { Link } from 'react-router';
import { documentRevokeBody, documentStatusLabels, formatFen, type DocumentVerifyView } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { StatusTag, type Tone } from '../../../components/admin/status-tag';
import { SchemaForm } from '../../../components/schema-form';
import { feedback } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { lookUpDocument, revokeDocument } from '../api/admin-documents';

const tones: Record<DocumentVerifyView['status'], Tone> = { valid: 'success', expired: 'default', revoked: 'error', converted: 'processing', superseded: 'warning' };

function DocumentFacts({ doc }: { doc: DocumentVerifyView }) {
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered data-testid="document-facts">
      <Descriptions.Item label="编号">
        <Link to={`/verify/${doc.no}`} target="_blank">
          {doc.no}
        </Link>
      </Descriptions.Item>
      <Descriptions.Item label="状态">
        <StatusTag status={doc.status} labels={documentStatusLabels} tones={tones} /> {doc.statusNote}
      </Descriptions.Item>
      <Descriptions.Item label="文件">{doc.title}</Descriptions.Item>
      <Descriptions.Item label="类型">{doc.kindText}</Descriptions.Item>
      <Descriptions.Item label="委托方">{doc.client}</Descriptions.Item>
      <Descriptions.Item label="订单">{doc.orderNo ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="金额">{formatFen(doc.amountFen)}</Descriptions.Item>
      <Descriptions.Item label="出具时间">{formatDateTime(doc.issuedAt)}</Descriptions.Item>
      <Descriptions.Item label="SHA-256" span={2}>
        <span style={{ overflowWrap: 'anywhere' }}>{doc.sha256}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}

interface Values {
  no: string;
  reason: string;
}

/** /admin/documents: find a sealed document by its number and revoke it with a reason (audited); /verify then says 已撤销. */
export default function DocumentsPage() {
  const [form] = Form.useForm<Values>();
  const [found, setFound] = useState<DocumentVerifyView | null>(null);
  const look = useApiMutation({ mutationFn: lookUpDocument, onSuccess: setFound });
  const revoke = useApiMutation({
    mutationFn: revokeDocument,
    onSuccess: (doc) => {
      setFound(doc);
      feedback.success(`${doc.no} 已撤销`);
    },
  });
  return (
    <AdminPage title="盖章文件" description="按编号查找实验室出具的盖章文件（报价单、委托检测服务协议、测试明细清单、缴费通知书…），填写原因后撤销；撤销记入操作日志，验证页随即显示“已撤销”及原因，文件本身不变。">
      <AdminSection>
        <SchemaForm form={form} name="revoke-document" schema={documentRevokeBody} layout="vertical" initialValues={{ no: '', reason: '' }} onSubmit={(body) => revoke.mutate(body)}>
          <Form.Item label="文件编号" required>
            <Space.Compact style={{ width: '100%', maxWidth: 460 }}>
              <Form.Item name="no" noStyle>
                <Input placeholder="如 XY20261201123456" aria-label="文件编号" />
              </Form.Item>
              <Button loading={look.isPending} onClick={() => look.mutate(String(form.getFieldValue('no') ?? '').trim())}>
                查询
              </Button>
            </Space.Compact>
          </Form.Item>
          {found ? <DocumentFacts doc={found} /> : null}
          {found && found.status !== 'revoked' ? (
            <>
              <Form.Item label="撤销原因" name="reason" required style={{ marginTop: 16 }}>
                <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} placeholder="如：签署人非委托单位；报价有误需重新出具" />
              </Form.Item>
              {found.kind === 'agreement' ? <Alert type="info" showIcon title="撤销协议后，该订单的协议恢复为待签署；实验室要求签署的订单须重新签署后才能开始测试。" style={{ marginBottom: 12 }} /> : null}
              <Button danger type="primary" htmlType="submit" loading={revoke.isPending}>
                撤销此文件
              </Button>
            </>
          ) : null}
        </SchemaForm>
      </AdminSection>
    </AdminPage>
  );
}
