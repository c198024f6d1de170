import { useEffect, useState } from 'react';
import { Alert, App, Button, Descriptions, Empty, Form, Input, Skeleton, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { formatFen } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { OwnLimitHint } from '../../../components/admin/own-limit';
import { useGatedFeedback } from '../../../components/admin/use-gated-feedback';
import { settled } from '../../../lib/use-api-mutation';
import { savePrestoreRules, usePrestoreRules } from '../api/prestore-rules';
import { useFinanceMutation } from '../api/use-finance-mutation';
import { SchemaForm } from '../../../components/schema-form';
import { exampleTopUp, previewTiers, tiersBody, tiersSchema, toDrafts, type TierDraft } from '../components/rules-form';
import '../../../components/admin/finance.css';

let nextKey = 0;
const newTier = (): TierDraft => ({ key: `new-${++nextKey}`, threshold: '', rate: '' });

/**
 * /admin/finance/rules: 预存规则 — the bonus tiers (满 X 赠 Y%); the highest tier a top-up reaches
 * applies when finance confirms it (an online top-up: when it starts). A change that raises the
 * bonus of any top-up waits in 待审批 for a second person; lowering or removing tiers is saved at once.
 */
export default function PrestoreRulesPage() {
  const { data, isPending, isError, error } = usePrestoreRules();
  const [form] = Form.useForm<{ rules: TierDraft[] }>();
  const tiers = Form.useWatch('rules', form) ?? [];
  const [example, setExample] = useState('20000');
  const { modal } = App.useApp();
  const save = useFinanceMutation(savePrestoreRules);
  const gated = useGatedFeedback();
  useEffect(() => {
    if (data) form.setFieldsValue({ rules: toDrafts(data.rules) });
  }, [data, form]);

  // the tiers as typed, sorted with their text, once they pass (the 试算 below follows them)
  const preview = previewTiers(tiers);

  const submit = ({ rules }: { rules: TierDraft[] }) => {
    const checked = previewTiers(rules);
    if (!checked) return;
    modal.confirm({
      title: '保存预存赠送规则？',
      content: `${checked.tiers.length ? `保存后按新档位计算赠送：${checked.tiers.map((t) => t.text).join('；')}。已到账的预存不受影响，待确认的申请在确认到账时按新规则计算。` : '保存后预存将不再赠送。'}若提高了任何一笔充值的赠送，须另一位同事在「待审批」中通过后才生效。`,
      okText: '保存',
      cancelText: '取消',
      onOk: () =>
        settled(
          save.mutateAsync(checked.rules, {
            onSuccess: (result) => {
              gated(result, '预存规则已保存');
            },
          }),
        ),
    });
  };

  const trial = preview ? exampleTopUp(preview.tiers, example) : null;

  return (
    <AdminPage title="预存规则" description="会员预存达到档位金额即按比例赠送，取所达到的最高档；赠送在财务确认到账时（在线充值在发起支付时）按当时的规则计算。">
      <AdminSection title="赠送档位" extra={<Button type="primary" onClick={() => form.submit()} loading={save.isPending} disabled={isPending}>保存规则</Button>}>
        {isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : isError ? (
          <Alert type="error" showIcon title="预存规则加载失败" description={error.message} />
        ) : (
          <SchemaForm form={form} name="prestore-rules" schema={tiersSchema} body={(values) => tiersBody(values.rules ?? [])} className="finance-tiers" initialValues={{ rules: [] }} onSubmit={(_checked, values) => submit(values)}>
            <Form.List name="rules">
              {(rows, { add, remove }) => (
                <>
                  {rows.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="当前没有赠送档位，预存不赠送" /> : null}
                  {rows.map((row, i) => (
                    <div className="finance-tier" key={row.key}>
                      <Form.Item name={[row.name, 'threshold']} className="finance-tier-field">
                        <Input prefix="满" suffix="元" inputMode="decimal" aria-label={`第${i + 1}档起赠金额`} />
                      </Form.Item>
                      <Form.Item name={[row.name, 'rate']} className="finance-tier-field">
                        <Input prefix="赠" suffix="%" inputMode="decimal" aria-label={`第${i + 1}档赠送比例`} />
                      </Form.Item>
                      <Button icon={<DeleteOutlined />} onClick={() => remove(row.name)} aria-label={`删除第${i + 1}档`}>
                        删除
                      </Button>
                    </div>
                  ))}
                  <Button icon={<PlusOutlined />} onClick={() => add(newTier())} disabled={rows.length >= 20}>
                    添加档位
                  </Button>
                </>
              )}
            </Form.List>
            <OwnLimitHint kind="bonus" what="修改赠送档位" />
            {preview && preview.tiers.length > 0 ? (
              <Alert
                className="finance-example"
                type="info"
                showIcon
                title={
                  <Space wrap>
                    <span>试算：充值</span>
                    <Input style={{ width: 140 }} prefix="¥" inputMode="decimal" value={example} onChange={(e) => setExample(e.target.value)} aria-label="试算金额" />
                    <span>{trial === null ? '请输入金额' : trial.bonusFen > 0 ? `赠送 ${formatFen(trial.bonusFen)}，共入账 ${formatFen(trial.amountFen + trial.bonusFen)}` : '未达到赠送档位'}</span>
                  </Space>
                }
                description={preview.tiers.map((t) => t.text).join('；')}
              />
            ) : null}
          </SchemaForm>
        )}
      </AdminSection>
      {data ? (
        <AdminSection title="对公收款账户">
          <Descriptions
            className="finance-bank"
            column={{ xs: 1, sm: 1, md: 3 }}
            size="small"
            items={[
              { key: 'name', label: '户名', children: data.bank.accountName },
              { key: 'bank', label: '开户行', children: data.bank.bankName },
              { key: 'no', label: '账号', children: <span className="finance-mono">{data.bank.accountNo}</span> },
              { key: 'min', label: '最低预存', children: formatFen(data.minAmountFen) },
              { key: 'transfer', label: '团体转账免审额度', children: formatFen(data.transferApprovalFen) },
            ]}
          />
        </AdminSection>
      ) : null}
    </AdminPage>
  );
}
