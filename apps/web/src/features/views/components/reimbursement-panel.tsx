import { useState } from 'react';
import { Alert, Button, Modal, Segmented, Skeleton, Tag } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, FileZipOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { formatFen, type PackPiece, type PackTemplateKey } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { downloadPack, usePackStatus, type PackScope } from '../api/reimbursement';
import './reimbursement.css';

function PieceRow({ piece }: { piece: PackPiece }) {
  const icon = piece.present ? (
    <CheckCircleFilled className="pack-ok" aria-label="已具备" />
  ) : piece.required ? (
    <CloseCircleFilled className="pack-missing" aria-label="缺少" />
  ) : (
    <MinusCircleOutlined className="pack-optional" aria-label="非必需" />
  );
  return (
    <li className="pack-piece" data-testid="pack-piece" data-present={piece.present}>
      {icon}
      <div className="pack-piece-main">
        <span className="pack-piece-label">
          {piece.label}
          {piece.orderNo ? <span className="pack-piece-order">{piece.orderNo}</span> : null}
          {piece.required ? null : <Tag className="pack-tag">非必需</Tag>}
        </span>
        <span className="pack-piece-note">{piece.present ? piece.name || piece.note : piece.note}</span>
      </div>
    </li>
  );
}

/** 报销材料: the template, each piece present or missing (with why), and the ZIP once nothing required is missing. */
export function ReimbursementPanel({ scope }: { scope: PackScope }) {
  const [template, setTemplate] = useState<PackTemplateKey>('default');
  const { data, isPending, isError, error } = usePackStatus(scope, template);
  const download = useApiMutation({ mutationFn: () => downloadPack(scope, template), onSuccess: (name) => feedback.success(`已下载 ${name}`) });
  if (isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (isError) return <Alert type="error" showIcon title="报销材料加载失败" description={error.message} />;
  return (
    <div className="pack-panel" data-testid="pack-panel">
      <Segmented<PackTemplateKey>
        block
        value={template}
        onChange={setTemplate}
        options={data.templates.map((t) => ({ value: t.key, label: t.name }))}
        aria-label="报销模板"
      />
      <p className="member-muted pack-rule">{data.templateRule}</p>
      <p className="pack-total">
        报销金额 <strong>{formatFen(data.totalFen)}</strong>
        {data.orders.length > 1 ? <span className="member-muted">（{data.orders.length} 个订单）</span> : null}
      </p>
      <ul className="pack-pieces" aria-label="报销材料清单">
        {data.pieces.map((p, i) => (
          <PieceRow key={`${p.kind}-${p.orderNo ?? ''}-${i}`} piece={p} />
        ))}
      </ul>
      {data.ready ? null : (
        <Alert
          type="warning"
          showIcon
          title="以下材料尚缺，暂不能下载"
          description={
            <ol className="pack-missing-list" data-testid="pack-missing">
              {data.missing.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ol>
          }
        />
      )}
      <Button type="primary" icon={<FileZipOutlined />} disabled={!data.ready} loading={download.isPending} onClick={() => download.mutate()} block>
        下载报销材料（ZIP）
      </Button>
    </div>
  );
}

/** An invoice's 报销材料 button: the panel in a dialog. */
export function ReimbursementButton({ scope, label = '报销材料' }: { scope: PackScope; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" icon={<FileZipOutlined />} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open ? (
        <Modal open title="报销材料" onCancel={() => setOpen(false)} footer={null} destroyOnHidden centered width={560}>
          <ReimbursementPanel scope={scope} />
        </Modal>
      ) : null}
    </>
  );
}
