import { Tag } from 'antd';
import { MAX_INVOICE_TITLES } from '@lab/contract';
import { SavedCardList } from '../../../components/member/saved-card-list';
import { useInvoiceTitles } from '../api/funds/list-invoice-titles';
import { deleteInvoiceTitle } from '../api/delete-invoice-title';
import { setDefaultInvoiceTitle } from '../api/set-default-invoice-title';
import { InvoiceTitleModal } from '../../../components/member/invoice-title-modal';
import '../components/funds.css';

/** 发票抬头: list, add, edit, delete, set default. */
export default function InvoiceTitlesPage() {
  return (
    <SavedCardList
      title="发票抬头"
      noun="发票抬头"
      addLabel="新增抬头"
      defaultLabel="默认抬头"
      max={MAX_INVOICE_TITLES}
      lead={`申请发票时选择抬头。单位抬头须填写税号；开具增值税专用发票还需开户银行、银行账号、注册地址和电话。最多保存 ${MAX_INVOICE_TITLES} 个抬头。`}
      query={useInvoiceTitles()}
      skeletonRows={4}
      empty="还没有发票抬头，添加后即可申请开票"
      idOf={(t) => t.rid}
      isDefault={(t) => t.default === 1}
      testId="invoice-title"
      card={(t) => (
        <>
          <p className="address-card-who">
            <strong>{t.title}</strong>
            <Tag>{t.kind === 'unit' ? '单位' : '个人'}</Tag>
            {t.default === 1 ? <Tag color="blue">默认抬头</Tag> : null}
            {t.kind === 'unit' ? t.specialReady ? <Tag color="green">可开专票</Tag> : <Tag>仅可开普票</Tag> : null}
          </p>
          {t.tax_no ? <p className="address-card-where">税号：{t.tax_no}</p> : null}
          {t.bank ? (
            <p className="address-card-where">
              {t.bank} {t.bank_account}
            </p>
          ) : null}
          {t.address || t.phone ? (
            <p className="address-card-where">
              {t.address} {t.phone}
            </p>
          ) : null}
          <p className="address-card-where">接收邮箱：{t.email || '未填写'}</p>
        </>
      )}
      setDefault={setDefaultInvoiceTitle}
      remove={deleteInvoiceTitle}
      dialog={(editing, onClose) => <InvoiceTitleModal editing={editing} onClose={onClose} />}
    />
  );
}
