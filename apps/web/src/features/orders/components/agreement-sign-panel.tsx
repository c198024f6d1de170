import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Modal, Tag } from 'antd';
import { EditOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { agreementSignBody, formatFen, type AgreementSignView } from '@lab/contract';
import { SchemaForm } from '../../../components/schema-form';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useCooldown } from '../../../lib/use-cooldown';
import { SmsCodeField } from '../../../components/sms-code-field';
import { memberDataKeys } from '../../../api/refresh';
import { downloadSignedAgreementPdf, sendAgreementCode, signAgreement, useAgreementToSign } from '../api/agreement-sign';
import { formatDateTime } from './order-format';

/** The agreement's text as the member reads it before signing: parties, lines, totals, clauses. */
function AgreementText({ view }: { view: AgreementSignView }) {
  const { document } = view;
  return (
    <div className="agreement-text" data-testid="agreement-text">
      <h3>{document.title}</h3>
      <dl className="agreement-parties">
        {document.parties.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <ol className="agreement-lines">
        {document.lines.map((line, i) => (
          <li key={i}>
            <strong>{line.name}</strong> · {line.count} {line.unit} × {formatFen(line.unitPriceFen)} = {formatFen(line.amountFen)}
            {line.detail.length ? <div className="member-muted">{line.detail.join('；')}</div> : null}
          </li>
        ))}
      </ol>
      <p className="agreement-totals">{document.totals.map(([label, fen]) => `${label} ${formatFen(fen)}`).join('，')}</p>
      <h4>协议条款</h4>
      {document.clauses.map((clause, i) =>
        clause.kind === 'heading' ? (
          <h5 key={i} className="agreement-clause-heading">
            {clause.text}
          </h5>
        ) : (
          <p key={i} className={clause.kind === 'item' ? 'agreement-clause-item' : undefined}>
            {clause.kind === 'item' ? `· ${clause.text}` : clause.text}
          </p>
        ),
      )}
      <p className="member-muted agreement-hash">协议文本 SHA-256：{view.contentSha256}</p>
    </div>
  );
}

interface Values {
  code: string;
}

/** 在线签署: read the text, get the code sent to the member's phone, confirm; the lab's seal follows at once. */
function SignDialog({ view, open, onClose }: { view: AgreementSignView; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [agreed, setAgreed] = useState(false);
  const cooldown = useCooldown(`agreement-${view.orderNo}`);
  const send = useApiMutation({
    mutationFn: () => sendAgreementCode(view.orderNo),
    onSuccess: () => {
      feedback.success(`验证码已发送至 ${view.phoneMasked}`);
      cooldown.start();
    },
  });
  const sign = useApiMutation({
    mutationFn: signAgreement,
    invalidates: memberDataKeys,
    onSuccess: () => {
      feedback.success('协议已签署并加盖实验室电子签章');
      onClose();
    },
  });
  return (
    <Modal
      title="在线签署委托检测服务协议"
      open={open}
      onCancel={onClose}
      destroyOnHidden
      width={760}
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" disabled={!agreed} loading={sign.isPending} onClick={() => form.submit()}>
          确认签署
        </Button>,
      ]}
    >
      <AgreementText view={view} />
      <SchemaForm
        form={form}
        name="sign-agreement"
        schema={agreementSignBody}
        body={(values) => ({ order_no: view.orderNo, code: values.code, content_sha256: view.contentSha256 })}
        layout="vertical"
        initialValues={{ code: '' }}
        onSubmit={(body) => sign.mutate(body)}
      >
        <SmsCodeField label={`短信验证码（发送至 ${view.phoneMasked}）`} cooldown={cooldown} sending={send.isPending} onSend={() => send.mutate()} />
        <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)}>
          我已阅读并同意以上协议，以短信验证码确认签署（记录签署时间、IP、设备与协议摘要）
        </Checkbox>
      </SchemaForm>
    </Modal>
  );
}

/** The online-signing part of 委托协议: whether the lab requires it, the signature, or the button to sign. */
export function AgreementSignPanel({ orderNo }: { orderNo: string }) {
  const { data } = useAgreementToSign(orderNo);
  const [open, setOpen] = useState(false);
  const download = useApiMutation({ mutationFn: () => downloadSignedAgreementPdf(orderNo) });
  if (!data) return null;
  const online = data.signature?.method === 'online' ? data.signature : null;
  return (
    <div className="agreement-sign" data-testid="agreement-sign">
      {data.required && data.status !== 'confirmed' ? <Alert type="warning" showIcon title="实验室要求签署协议后才开始测试" description={data.requiredReason} /> : null}
      {online ? (
        <div className="member-item-actions">
          <span>
            <Tag color="success">已在线签署</Tag>
            {online.signedAt ? formatDateTime(online.signedAt) : ''} · 实验室已加盖电子签章 · 编号{' '}
            <Link to={`/verify/${online.documentNo ?? ''}`}>{online.documentNo}</Link>
          </span>
          <Button size="small" icon={<FilePdfOutlined />} loading={download.isPending} onClick={() => download.mutate()}>
            下载已签署协议（盖章 PDF）
          </Button>
        </div>
      ) : data.cannotSign === '' ? (
        <div className="member-item-actions">
          <Button type="primary" icon={<EditOutlined />} onClick={() => setOpen(true)}>
            在线阅读并签署
          </Button>
          <span className="member-muted">短信验证码确认，实验室电子签章自动加盖，无需打印</span>
          <SignDialog view={data} open={open} onClose={() => setOpen(false)} />
        </div>
      ) : null}
    </div>
  );
}
