import { useEffect } from 'react';
import { Button, Form, Input } from 'antd';
import { agreementRuleBody, fenToYuan, type AgreementRule } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { saveAgreementRule } from '../api/save-settings';
import { useContentMutation } from '../api/use-content-mutation';
import { SchemaForm } from '../../../components/schema-form';

interface Values {
  from: string;
}

const valuesOf = (saved: AgreementRule): Values => ({ from: saved.fromFen === null ? '' : fenToYuan(saved.fromFen) });

/** 委托协议签署要求: from which amount due an order needs a signed agreement before testing (enterprise customers always). */
export function AgreementRuleForm({ saved }: { saved: AgreementRule }) {
  const [form] = Form.useForm<Values>();
  const save = useContentMutation(saveAgreementRule);

  useEffect(() => form.setFieldsValue(valuesOf(saved)), [saved, form]);

  return (
    <SchemaForm form={form} name="agreement-rule" schema={agreementRuleBody} layout="vertical" initialValues={valuesOf(saved)} onSubmit={(body) => save.mutate(body, { onSuccess: () => feedback.success('协议签署要求已保存') })}>
      <Form.Item
        label="订单应付金额达到（元）"
        name="from"
        extra="企业客户的订单始终须签署《委托检测服务协议》后才能开始测试；其他订单应付金额达到此金额时亦须签署（在线签署或上传签署件经确认）。留空：仅企业客户。"
      >
        <Input inputMode="decimal" placeholder="如 10000，留空表示仅企业客户" style={{ maxWidth: 280 }} />
      </Form.Item>
      <div className="content-actions">
        <Button onClick={() => form.setFieldsValue(valuesOf(saved))} disabled={save.isPending}>
          撤销修改
        </Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存签署要求
        </Button>
      </div>
    </SchemaForm>
  );
}
