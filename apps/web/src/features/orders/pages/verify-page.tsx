import { Alert, Button, Descriptions, Input, Result, Skeleton, Tag, Upload } from 'antd';
import { SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { fenInWords, formatFen, type DocumentStatus, type DocumentVerifyView } from '@lab/contract';
import { AntScope } from '../../../components/ant-scope';
import { feedback } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { checkDocumentFile, useVerifyDocument } from '../api/verify-document';
import '../components/requirements.css';

const statusColor: Record<DocumentStatus, string> = { valid: 'success', expired: 'warning', revoked: 'error', converted: 'processing', superseded: 'default' };
const MAX_BYTES = 20 * 1024 * 1024;

/** The copy a visitor chose, or why it cannot be checked: a PDF up to 20 MB. */
export function copyProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.pdf$/i.test(file.name)) return '请选择 PDF 文件';
  if (file.size === 0) return '文件是空的，请重新选择';
  if (file.size > MAX_BYTES) return '文件不能超过 20 MB';
  return null;
}

function CheckCopy({ no }: { no: string }) {
  const check = useApiMutation({ mutationFn: (file: File) => checkDocumentFile(no, file) });
  return (
    <div className="verify-check">
      <Upload
        accept=".pdf,application/pdf"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          const problem = copyProblem(file);
          if (problem) {
            feedback.failure(new Error(problem));
            return Upload.LIST_IGNORE;
          }
          check.mutate(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={check.isPending}>
          上传文件核对是否为原件
        </Button>
      </Upload>
      {check.data ? (
        <Alert
          className="verify-check-result"
          type={check.data.original ? 'success' : 'error'}
          showIcon
          title={check.data.original ? '是原件' : '不是原件'}
          description={
            <>
              <div>{check.data.message}</div>
              <div className="verify-hash">上传文件 SHA-256：{check.data.sha256}</div>
            </>
          }
          data-testid="verify-check-result"
        />
      ) : null}
    </div>
  );
}

function DocumentCard({ doc }: { doc: DocumentVerifyView }) {
  return (
    <section className="member-card" aria-label="文件信息">
      <h2 className="member-card-title">
        {doc.kindText} {doc.no}{' '}
        <Tag color={statusColor[doc.status]} data-testid="verify-status">
          {doc.statusText}
        </Tag>
      </h2>
      {doc.statusNote ? <Alert type={doc.status === 'valid' ? 'info' : 'warning'} showIcon title={doc.statusNote} /> : null}
      {doc.demo ? <Alert type="warning" showIcon title="测试签章：本文件由演示证书签署，仅供演示，不具法律效力" /> : null}
      <Descriptions column={{ xs: 1, sm: 1, md: 2 }} bordered size="small" className="verify-facts">
        <Descriptions.Item label="文件">{doc.title}</Descriptions.Item>
        <Descriptions.Item label="出具单位">{doc.issuer}</Descriptions.Item>
        <Descriptions.Item label="委托方">{doc.client || '—'}</Descriptions.Item>
        <Descriptions.Item label="订单编号">{doc.orderNo ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="金额">
          {formatFen(doc.amountFen)}（{fenInWords(doc.amountFen)}）
        </Descriptions.Item>
        <Descriptions.Item label="出具时间">{formatDateTime(doc.issuedAt)}</Descriptions.Item>
        {doc.expiresAt ? <Descriptions.Item label="有效期至">{formatDateTime(doc.expiresAt)}</Descriptions.Item> : null}
        <Descriptions.Item label="文件 SHA-256" span={2}>
          <span className="verify-hash">{doc.sha256}</span>
        </Descriptions.Item>
        <Descriptions.Item label="内容摘要" span={2}>
          <span className="verify-hash">{doc.contentSha256}</span>
        </Descriptions.Item>
      </Descriptions>
      <CheckCopy no={doc.no} />
    </section>
  );
}

/** /verify/<no>: what the lab's register says of a sealed document, and whether a copy is the original. */
export default function VerifyPage() {
  const params = useParams();
  const no = (params.no ?? '').trim();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(no);
  const { data, isPending, isError, error } = useVerifyDocument(no);
  return (
    <AntScope>
      <main className="container verify-page">
        <h1 className="verify-title">
          <SafetyCertificateOutlined /> 盖章文件验证
        </h1>
        <p className="member-muted">输入文件上的编号，或扫描文件右上角的二维码，查看实验室出具的报价单、测试明细清单、缴费通知书的真伪与状态。</p>
        <Input.Search
          className="verify-search"
          aria-label="文件编号"
          placeholder="文件编号，如 QD20261207123456"
          enterButton="查询"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => {
            const next = value.trim();
            if (!next) {
              feedback.error('[文件编号]不能为空');
              return;
            }
            void navigate(`/verify/${encodeURIComponent(next)}`);
          }}
        />
        {no === '' ? null : isPending ? (
          <Skeleton active />
        ) : isError ? (
          <Result status="warning" title="未找到该文件" subTitle={error.message} />
        ) : (
          <DocumentCard doc={data} />
        )}
      </main>
    </AntScope>
  );
}
