import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Modal, Radio, Spin } from 'antd';
import { VAULT_EXTENSION_YEARS, formatFen } from '@lab/contract';
import { formatDate } from '../../../lib/format';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { formatBytes } from '../api/format-bytes';
import { vault } from '../api/vault';

/**
 * 延长保存期 (decisions/0053): the chosen files' retention bought by the year. The quote is the
 * server's (ceil(GB) × years × the price per GB-year); ordering places an order the member pays
 * on the order's page like any other, where the pay dialog opens at once.
 */
export function ExtendDialog({ rids, open, onClose }: { rids: string[]; open: boolean; onClose: () => void }) {
  const [years, setYears] = useState<number>(1);
  const navigate = useNavigate();
  const body = { rids: rids.join(','), years };
  const quote = useQuery({ queryKey: ['vault', 'extendQuote', body], queryFn: () => vault.extendQuote(body), enabled: open && rids.length > 0 });
  const extend = useApiMutation({
    mutationFn: () => vault.extend(body),
    onSuccess: (made) => {
      onClose();
      void navigate(`/member/order/${made.orderNo}?pay=1`);
    },
  });
  const q = quote.data;
  return (
    <Modal title="延长保存期" open={open} onCancel={onClose} onOk={() => extend.mutate()} okText="下单并支付" okButtonProps={{ disabled: !q }} confirmLoading={extend.isPending} destroyOnHidden>
      <p>为所选 {rids.length} 个文件延长保存期，按总大小（向上取整到 GB）× 年数计费，支付后保存期限顺延。</p>
      <Radio.Group value={years} onChange={(event) => setYears(Number(event.target.value))} optionType="button" aria-label="延长年限" options={VAULT_EXTENSION_YEARS.map((n) => ({ value: n, label: `${n} 年` }))} />
      <div className="vault-quote" aria-live="polite">
        {quote.error ? (
          <Alert type="error" showIcon message={quote.error.message} />
        ) : !q ? (
          <Spin size="small" />
        ) : (
          <dl>
            <dt>文件</dt>
            <dd>
              {q.files} 个，共 {formatBytes(q.bytes)}，计 {q.gb} GB
            </dd>
            <dt>单价</dt>
            <dd>{formatFen(q.gbYearFen)} / GB / 年</dd>
            <dt>费用</dt>
            <dd className="vault-quote-total">
              {q.gb} GB × {q.years} 年 × {formatFen(q.gbYearFen)} = {formatFen(q.totalFen)}
            </dd>
            <dt>保存至</dt>
            <dd>
              {formatDate(q.retentionEnd)} → {formatDate(q.newRetentionEnd)}
            </dd>
          </dl>
        )}
      </div>
    </Modal>
  );
}
