import { useEffect } from 'react';
import { Alert, Form, Input, Modal, Skeleton } from 'antd';
import { itemMethodsBody, type AdminItemMethods } from '@lab/contract';
import { SchemaForm } from '../../../components/schema-form';
import { feedback } from '../../../lib/feedback';
import { useItemMethods, useSaveItemMethods } from '../api/item-methods';

type Values = Record<string, string>;
const words = ['test', 'make', 'manufacturer', 'country', 'software', 'facility', 'conditions'] as const;
const labels: Record<(typeof words)[number], string> = { test: '测试名称', make: '品牌', manufacturer: '制造商', country: '产地', software: '数据处理软件', facility: '平台名称', conditions: '固定测试条件' };
const phraseKey = (optionId: number, choiceId: number, lang: 'zh' | 'en') => `phrase_${optionId}_${choiceId}_${lang}`;

function initial(m: AdminItemMethods): Values {
  const values: Values = { model: m.zh?.model ?? '', facility_no: m.facilityNo };
  for (const w of words) {
    values[`${w}_zh`] = m.zh?.[w] ?? '';
    values[`${w}_en`] = m.en?.[w] ?? '';
  }
  for (const p of m.phrases) {
    values[phraseKey(p.optionId, p.choiceId, 'zh')] = p.zh;
    values[phraseKey(p.optionId, p.choiceId, 'en')] = p.en;
  }
  return values;
}

/** 仪器信息: the instrument in Chinese and English and a phrase per option value, which members' methods text is written from. */
export function ItemMethodsModal({ rid, onClose }: { rid: string | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { data, isPending } = useItemMethods(rid);
  const save = useSaveItemMethods();
  useEffect(() => {
    if (data) form.setFieldsValue(initial(data));
  }, [data, form]);
  const body = (values: Values) => ({
    rid: rid ?? '',
    ...Object.fromEntries(Object.entries(values).filter(([k]) => !k.startsWith('phrase_'))),
    phrases: JSON.stringify(
      (data?.options ?? []).flatMap((o) =>
        o.choices.flatMap((c) => {
          const zh = (values[phraseKey(o.id, c.id, 'zh')] ?? '').trim();
          const en = (values[phraseKey(o.id, c.id, 'en')] ?? '').trim();
          return zh || en ? [{ optionId: o.id, choiceId: c.id, zh, en }] : [];
        }),
      ),
    ),
  });
  return (
    <Modal title={`仪器信息：${data?.name ?? ''}`} open={rid !== null} onCancel={onClose} onOk={() => form.submit()} okText="保存" cancelText="取消" confirmLoading={save.isPending} destroyOnHidden width={760}>
      {isPending || !data ? (
        <Skeleton active />
      ) : (
        <SchemaForm form={form} name="itemMethods" schema={itemMethodsBody} body={body} layout="vertical" onSubmit={(b) => save.mutate(b, { onSuccess: () => (feedback.success('仪器信息已保存'), onClose()) })}>
          <Alert type="info" showIcon className="catalog-methods-note" title="会员生成论文“实验方法”与致谢时使用；英文栏不能含中文字符或全角标点。" />
          <Form.Item label="型号" name="model" required>
            <Input maxLength={100} placeholder="如 SmartLab 9 kW" />
          </Form.Item>
          {words.map((w) => (
            <div key={w} className="catalog-methods-pair">
              <Form.Item label={`${labels[w]}（中文）`} name={`${w}_zh`} required={!['software', 'facility', 'conditions'].includes(w)}>
                {w === 'conditions' ? <Input.TextArea rows={2} maxLength={300} /> : <Input maxLength={100} />}
              </Form.Item>
              <Form.Item label={`${labels[w]}（英文）`} name={`${w}_en`} required={!['software', 'facility', 'conditions'].includes(w)}>
                {w === 'conditions' ? <Input.TextArea rows={2} maxLength={500} /> : <Input maxLength={200} />}
              </Form.Item>
            </div>
          ))}
          <Form.Item label="仪器共享编号" name="facility_no">
            <Input maxLength={60} placeholder="选填，写入致谢" />
          </Form.Item>
          {data.options.map((o) => (
            <fieldset key={o.id} className="catalog-methods-option">
              <legend>选项「{o.name}」的条件表述（两栏都空：不写入方法）</legend>
              {o.choices.map((c) => (
                <div key={c.id} className="catalog-methods-pair">
                  <Form.Item label={`${c.label}（中文）`} name={phraseKey(o.id, c.id, 'zh')}>
                    <Input maxLength={200} />
                  </Form.Item>
                  <Form.Item label={`${c.label}（英文）`} name={phraseKey(o.id, c.id, 'en')}>
                    <Input maxLength={300} />
                  </Form.Item>
                </div>
              ))}
            </fieldset>
          ))}
        </SchemaForm>
      )}
    </Modal>
  );
}
