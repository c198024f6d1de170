import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Empty, Result, Skeleton } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { sampleFormLabels, type SampleLabel, type SampleLabels } from '@lab/contract';
import { QrImage } from '../../../components/qr-image';
import { formatDate } from '../../../lib/format';
import { useSampleLabels } from '../api/sample-labels';
import '../order-desk.css';

function Label({ label, sheet }: { label: SampleLabel; sheet: SampleLabels }) {
  return (
    <article className="desk-label" data-testid="sample-label" aria-label={`样品标签 ${label.code}`}>
      {/* the QR holds the order number: the receiving desk scans it into 收样登记 */}
      <QrImage value={sheet.orderNo} label={`订单${sheet.orderNo}`} size={96} />
      <div className="desk-label-text">
        <span className="desk-label-code">{label.code}</span>
        <span className="name">
          {label.name}
          {label.count > 1 ? ` ×${label.count}` : ''}
        </span>
        <span>{label.lineName}</span>
        <span>
          {sheet.member.name}
          {sheet.member.company ? ` · ${sheet.member.company}` : ''}
        </span>
        <span>
          {sampleFormLabels[label.form]} · 下单 {formatDate(sheet.createdAt)}
        </span>
        {(label.hazards || label.magnetic || label.returnWanted) && (
          <span className="desk-label-marks">
            {label.hazards ? <span>{label.hazards}</span> : null}
            {label.magnetic ? <span>磁性</span> : null}
            {label.returnWanted ? <span>需回寄</span> : null}
          </span>
        )}
      </div>
    </article>
  );
}

/** /admin/orders/:orderNo/labels (no menu, for printing): one label per sample with a QR code of the order number. */
export default function SampleLabelsPage() {
  const { orderNo = '' } = useParams();
  const { data: sheet, isPending, error, refetch } = useSampleLabels(orderNo);
  const navigate = useNavigate();

  useEffect(() => {
    document.title = `样品标签 ${orderNo}`;
  }, [orderNo]);

  if (isPending) return <div className="desk-labels-page"><Skeleton active /></div>;
  if (error || !sheet) {
    return (
      <div className="desk-labels-page">
        <Result status="warning" title="标签加载失败" subTitle={error?.message ?? '订单不存在'} extra={<Button onClick={() => void refetch()}>重试</Button>} />
      </div>
    );
  }
  return (
    <div className="desk-labels-page">
      <div className="desk-labels-toolbar">
        <div>
          <h1>样品标签 · {sheet.orderNo}</h1>
          <div className="admin-muted">
            共 {sheet.labels.length} 张，每个样品一张；扫描二维码即可在收样登记中找到该订单。
          </div>
        </div>
        <div>
          <Button onClick={() => navigate(`/admin/orders/${sheet.orderNo}`)}>返回订单</Button>{' '}
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} disabled={sheet.labels.length === 0}>
            打印
          </Button>
        </div>
      </div>
      {sheet.labels.length === 0 ? (
        <Empty description="该订单没有样品（仪器预约订单无需标签）" />
      ) : (
        <div className="desk-labels">
          {sheet.labels.map((label) => (
            <Label key={label.code} label={label} sheet={sheet} />
          ))}
        </div>
      )}
    </div>
  );
}
