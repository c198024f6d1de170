import { Alert, Button, Empty, Popconfirm, Skeleton, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { MAX_INVOICE_TITLES, type InvoiceTitle } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { useInvoiceTitles } from '../../../api/funds/list-invoice-titles';
import { deleteInvoiceTitle } from '../api/delete-invoice-title';
import { setDefaultInvoiceTitle } from '../api/set-default-invoice-title';
import { InvoiceTitleModal } from '../components/invoice-title-modal';
import '../../../components/member/member-pages.css';
import '../components/funds.css';

/** 发票抬头: list, add, edit, delete, set default. */
export default function InvoiceTitlesPage() {
  const { data, isPending, isError, error, refetch } = useInvoiceTitles();
  const [editing, setEditing] = useState<InvoiceTitle | 'new' | null>(null);
  const makeDefault = useApiMutation({ mutationFn: setDefaultInvoiceTitle, invalidates: memberDataKeys, onSuccess: () => feedback.success('已设为默认抬头') });
  const remove = useApiMutation({ mutationFn: deleteInvoiceTitle, invalidates: memberDataKeys, onSuccess: () => feedback.success('发票抬头已删除') });

  const list = data ?? [];
  return (
    <div className="member-page">
      <div className="member-page-head">
        <h1 className="page-title">发票抬头</h1>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} disabled={list.length >= MAX_INVOICE_TITLES}>
          新增抬头
        </Button>
      </div>
      <p className="member-page-lead">
        申请发票时选择抬头。单位抬头须填写税号；开具增值税专用发票还需开户银行、银行账号、注册地址和电话。最多保存 {MAX_INVOICE_TITLES} 个抬头。
      </p>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : isError ? (
        <Alert type="error" showIcon title="发票抬头加载失败" description={error.message} action={<Button onClick={() => void refetch()}>重试</Button>} />
      ) : list.length === 0 ? (
        <Empty className="member-empty" description="还没有发票抬头，添加后即可申请开票">
          <Button type="primary" onClick={() => setEditing('new')}>
            新增抬头
          </Button>
        </Empty>
      ) : (
        <ul className="address-list" aria-label="我的发票抬头">
          {list.map((t) => (
            <li key={t.rid} className={t.default === 1 ? 'address-card is-default' : 'address-card'} data-testid="invoice-title">
              <div className="address-card-main">
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
              </div>
              <div className="address-card-actions">
                {t.default === 1 ? null : (
                  <Button type="link" size="small" loading={makeDefault.isPending && makeDefault.variables === t.rid} onClick={() => makeDefault.mutate(t.rid)}>
                    设为默认
                  </Button>
                )}
                <Button type="link" size="small" onClick={() => setEditing(t)}>
                  编辑
                </Button>
                <Popconfirm title="确定删除该发票抬头吗？" okText="删除" cancelText="取消" onConfirm={() => remove.mutate(t.rid)}>
                  <Button type="link" size="small" danger loading={remove.isPending && remove.variables === t.rid}>
                    删除
                  </Button>
                </Popconfirm>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing ? <InvoiceTitleModal editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
