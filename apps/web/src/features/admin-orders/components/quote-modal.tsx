import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Form, Input, InputNumber, Modal, Select, Spin } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { formatFen, type AdminRequirement, type DeviceDetail } from '@lab/contract';
import { Money } from '../../../components/admin/money';
import { OwnLimitHint } from '../../../components/admin/own-limit';
import { useGatedFeedback } from '../../../components/admin/use-gated-feedback';
import { feedback } from '../../../lib/feedback';
import { quoteRequirement, useRequirementMutation } from '../api/save-requirement';
import { testItemQueryOptions, useTestItemSearch } from '../api/search-catalog';
import { SchemaForm } from '../../../components/schema-form';
import { linePrice, MAX_QUOTE_COUNT, newQuoteLine, quoteSchema, quoteTotalFen, toQuoteBody, type QuoteDraftLine, type QuoteItem } from './quote-lines';

interface QuoteValues {
  lines: QuoteDraftLine[];
  note: string;
}

const toQuoteItem = (detail: DeviceDetail): QuoteItem => ({ rid: detail.rid, name: detail.name, unit: detail.unit, priceFen: detail.priceFen, options: detail.options });

/**
 * 报价: sales picks published test items from the catalogue, the count and each option's
 * choice; the page shows the price as the server will compute it. Re-quoting starts from the
 * quote the member has now. Sending seals a 报价单; above the sales person's 报价盖章 limits it is
 * filed for a colleague's approval instead (a 已提交审批 dialog says so).
 */
export function QuoteModal({ requirement, onClose }: { requirement: AdminRequirement | null; onClose: () => void }) {
  const [form] = Form.useForm<QuoteValues>();
  const lines = (Form.useWatch('lines', { form, preserve: true }) as QuoteDraftLine[] | undefined) ?? [];
  const [keyword, setKeyword] = useState('');
  const [loadingItem, setLoadingItem] = useState(false);
  const search = useTestItemSearch(keyword);
  const client = useQueryClient();
  const save = useRequirementMutation(quoteRequirement);
  const gated = useGatedFeedback();

  useEffect(() => {
    if (!requirement) return;
    setKeyword('');
    form.setFieldsValue({ lines: [], note: requirement.quote?.note ?? '' });
    const previous = requirement.quote?.lines.filter((line) => line.rid) ?? [];
    if (previous.length === 0) return;
    let cancelled = false;
    setLoadingItem(true);
    Promise.all(
      previous.map(async (line) => {
        const detail = await client.fetchQuery(testItemQueryOptions(line.rid));
        return newQuoteLine(toQuoteItem(detail), line.count, Object.fromEntries(line.options.map((o) => [String(o.optionId), o.choiceId])));
      }),
    )
      .then((restored) => !cancelled && form.setFieldValue('lines', restored))
      // an item withdrawn since: sales quotes again from scratch
      .catch(() => undefined)
      .finally(() => !cancelled && setLoadingItem(false));
    return () => {
      cancelled = true;
    };
  }, [requirement, client, form]);

  const addItem = async (rid: string) => {
    setLoadingItem(true);
    try {
      const detail = await client.fetchQuery(testItemQueryOptions(rid));
      form.setFieldValue('lines', [...((form.getFieldValue('lines') as QuoteDraftLine[] | undefined) ?? []), newQuoteLine(toQuoteItem(detail))]);
    } catch (error) {
      feedback.failure(error);
    } finally {
      setLoadingItem(false);
      setKeyword('');
    }
  };

  const options = (search.data?.list ?? []).filter((item) => !item.reservable).map((item) => ({ value: item.rid, label: `${item.name}（${formatFen(item.priceFen)}/${item.unit}）` }));

  return (
    <Modal
      title={requirement?.quote ? '修改报价' : '报价'}
      open={requirement !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="发送报价"
      cancelText="取消"
      confirmLoading={save.isPending}
      destroyOnHidden
      width={720}
    >
      {requirement && (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          style={{ marginBottom: 12 }}
          items={[
            { key: 'title', label: '需求', children: requirement.title },
            { key: 'member', label: '客户', children: `${requirement.member.name}（${requirement.member.company || requirement.member.phone}）` },
            { key: 'samples', label: '样品', children: requirement.samples },
            { key: 'budget', label: '预算', children: requirement.budget || '未填写' },
          ]}
        />
      )}
      <Select
        showSearch
        value={null}
        placeholder="搜索并添加检测项目，例如 XRD"
        aria-label="添加报价项目"
        style={{ width: '100%', marginBottom: 12 }}
        filterOption={false}
        onSearch={setKeyword}
        onChange={(rid: string | null) => rid && void addItem(rid)}
        options={options}
        loading={search.isFetching || loadingItem}
        notFoundContent={search.isFetching ? <Spin size="small" /> : '没有找到可报价的检测项目（上门预约类项目请引导客户直接预约）'}
      />
      <SchemaForm
        form={form}
        name="quote"
        schema={quoteSchema}
        layout="vertical"
        initialValues={{ lines: [], note: '' }}
        onSubmit={(checked) => {
          if (!requirement) return;
          save.mutate({ rid: requirement.rid, lines: toQuoteBody(checked.lines), note: checked.note ?? '' }, {
            onSuccess: (result) => {
              // above the 报价盖章 limits the quote is filed: nothing is sealed or sent until a colleague approves
              gated(result, '报价已发送，盖章报价单已出具');
              onClose();
            },
          });
        }}
      >
        <Form.List name="lines">
          {(rows, { remove }, { errors }) => (
            <>
              {rows.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={loadingItem ? '正在载入当前报价…' : '还没有报价项目'} /> : null}
              {rows.map((row, index) => {
                const line = lines[index];
                if (!line) return null;
                const price = linePrice(line);
                return (
                  <div className="customers-quote-line" key={row.key} data-testid="quote-line">
                    <div className="customers-quote-line-head">
                      <div>
                        <strong>{line.item.name}</strong>
                        <div className="admin-muted">基础价 {formatFen(line.item.priceFen)}/{line.item.unit}</div>
                      </div>
                      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
                        <Form.Item name={[row.name, 'count']} normalize={(count: number | null) => count ?? 0} style={{ marginBottom: 0 }}>
                          <InputNumber aria-label={`${line.item.name}数量`} min={1} max={MAX_QUOTE_COUNT} precision={0} suffix={line.item.unit} style={{ width: 130 }} />
                        </Form.Item>
                        <Button type="text" danger icon={<DeleteOutlined />} aria-label={`移除${line.item.name}`} onClick={() => remove(row.name)} />
                      </div>
                    </div>
                    {line.item.options.length > 0 && (
                      <div className="customers-quote-options">
                        {line.item.options.map((option) => (
                          <Form.Item key={option.id} label={option.name} name={[row.name, 'choices', String(option.id)]} style={{ marginBottom: 0 }}>
                            <Select
                              aria-label={`${line.item.name}${option.name}`}
                              style={{ minWidth: 160 }}
                              options={option.choices.map((c) => ({ value: c.id, label: c.priceFen > 0 ? `${c.label}（+${formatFen(c.priceFen)}）` : c.label }))}
                            />
                          </Form.Item>
                        ))}
                      </div>
                    )}
                    <div className="customers-quote-total" style={{ fontSize: 13 }}>
                      <span className="admin-muted">单价 {price ? formatFen(price.unitPriceFen) : '—'} × {line.count}</span>
                      <Money fen={price?.amountFen ?? null} />
                    </div>
                  </div>
                );
              })}
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
        <div className="customers-quote-total">
          <span>报价合计</span>
          <strong data-testid="quote-total">{formatFen(quoteTotalFen(lines))}</strong>
        </div>
        <OwnLimitHint kind="quote" what="报价合计" />
        <Form.Item label="报价说明（选填，客户可见）" name="note" style={{ margin: '12px 0 20px' }}>
          <Input.TextArea aria-label="报价说明" rows={3} maxLength={1000} showCount placeholder="例如：含数据分析报告，预计 5 个工作日出数据" />
        </Form.Item>
      </SchemaForm>
    </Modal>
  );
}
