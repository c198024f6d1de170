import { Button, Form, Input, Skeleton } from 'antd';
import { fenToYuan, packTemplateSaveBody, type PackTemplateView } from '@lab/contract';
import { formatDateTime } from '../../../lib/format';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { SchemaForm } from '../../../components/schema-form';
import { usePackTemplates, useSavePackTemplate, type PackTemplateForm } from '../api/pack-templates';

const toValues = (t: PackTemplateView): PackTemplateForm => ({ key: t.key, name: t.name, rule: t.rule, contract_from: fenToYuan(t.contractFromFen), proof_from: fenToYuan(t.proofFromFen) });

function TemplateForm({ template }: { template: PackTemplateView }) {
  const [form] = Form.useForm<PackTemplateForm>();
  const save = useSavePackTemplate();
  const voucher = template.key === 'voucher';
  return (
    <AdminSection title={`${template.name}${template.updatedAt ? `（${formatDateTime(template.updatedAt)} 修改）` : '（内置默认）'}`}>
      <SchemaForm
        form={form}
        name={`pack-template-${template.key}`}
        schema={packTemplateSaveBody}
        body={(values: PackTemplateForm) => ({ ...values, key: template.key })}
        initialValues={toValues(template)}
        layout="vertical"
        style={{ maxWidth: 640 }}
        onSubmit={(_checked, values) => save.mutate({ ...values, key: template.key })}
      >
        <Form.Item label="模板名称" name="name" extra="会员在报销材料面板上选择的名称。" required>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item label="报销要求" name="rule" extra="显示在报销材料面板和封面上，写明该单位财务处要求的材料。" required>
          <Input.TextArea maxLength={300} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item
          label="合同金额起点（元）"
          name="contract_from"
          extra={voucher ? '报销金额满此数须附已签署的委托检测服务协议；填 0 表示总是需要。' : '报销金额满此数须附已签署的委托检测服务协议（测试合同），以下附盖章测试清单；填 0 表示总是需要协议。'}
          required
        >
          <Input inputMode="decimal" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="付款证明金额起点（元）" name="proof_from" extra="报销金额满此数须附付款证明；填 0 表示总是需要。检测报告与发票总是需要。" required>
          <Input inputMode="decimal" style={{ width: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      </SchemaForm>
    </AdminSection>
  );
}

/** /admin/pack-templates: 系统 → 报销模板 — what each institution's finance office asks for in a reimbursement pack. */
export default function PackTemplatesPage() {
  const templates = usePackTemplates();
  return (
    <AdminPage title="报销模板" description="会员下载报销材料（ZIP）时按模板检查并打包：各单位财务处要求的材料与金额起点。">
      {templates.isPending ? <Skeleton active /> : templates.data?.map((t) => <TemplateForm key={t.key} template={t} />)}
    </AdminPage>
  );
}
