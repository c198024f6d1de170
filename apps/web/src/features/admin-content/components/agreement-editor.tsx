import { useMemo, useState } from 'react';
import { Button, Form, Input, Modal, Tabs } from 'antd';
import { agreementDraftBody, agreementKindLabels, agreementPublishBody, type AdminAgreementVersion, type AgreementDraft, type AgreementKind } from '@lab/contract';
import { RichTextField } from '../../../components/admin/rich-text-field';
import { checkInForm, SchemaForm } from '../../../components/schema-form';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { feedback } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { contentKeys } from '../api/keys';
import { saveAgreementDraft } from '../api/agreement-draft';
import { publishAgreement } from '../api/publish-agreement';
import { diffAgreements } from './agreement-diff';
import { AgreementDiff, AgreementPreview } from './agreement-review';

interface Values {
  title: string;
  summary: string;
  body: string;
}

type Step = 'edit' | 'preview' | 'diff';

/**
 * 编辑新版本 of an agreement (decision 0059): written in the rich-text editor (headings and
 * tables kept), 保存草稿 keeps it without putting it in force, 预览 shows it as the site will,
 * 与现行版本对比 lists what changed; 发布 goes through the comparison first and publishes only
 * from there (确认发布), so nobody publishes a text they have not seen against the one in force.
 */
export function AgreementEditor({ kind, current, draft, open, onClose }: { kind: AgreementKind; current: AdminAgreementVersion | undefined; draft: AgreementDraft | null; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState<Step>('edit');
  const title = (Form.useWatch('title', form) as string | undefined) ?? '';
  const body = (Form.useWatch('body', form) as string | undefined) ?? '';
  const lines = useMemo(() => (step === 'diff' ? diffAgreements(current?.body ?? '', body) : []), [step, current?.body, body]);
  const initial: Values = draft ? { title: draft.title, summary: draft.summary, body: draft.body } : { title: current?.title ?? agreementKindLabels[kind], summary: '', body: current?.body ?? '' };
  const refresh = [contentKeys.agreements(kind)];
  const save = useApiMutation({ mutationFn: saveAgreementDraft, invalidates: refresh, onSuccess: () => feedback.success('草稿已保存，尚未发布') });
  const publish = useApiMutation({
    mutationFn: publishAgreement,
    invalidates: refresh,
    onSuccess: (published) => {
      feedback.success(`第 ${published.version} 版已发布`);
      setStep('edit');
      onClose();
    },
  });

  const values = () => ({ kind, ...form.getFieldsValue(['title', 'summary', 'body']) });
  const saveDraft = () => {
    const check = checkInForm(form, agreementDraftBody, values());
    if (check.ok) save.mutate(check.data);
  };
  // 发布… checks the whole form (SchemaForm's submit) and opens the comparison
  const toReview = () => {
    setStep('edit');
    form.submit();
  };
  const confirmPublish = () => {
    const check = checkInForm(form, agreementPublishBody, values());
    if (!check.ok) return setStep('edit');
    publish.mutate(check.data);
  };

  const footer = [
    <Button key="cancel" onClick={onClose}>
      关闭
    </Button>,
    <Button key="draft" loading={save.isPending} onClick={saveDraft}>
      保存草稿
    </Button>,
    step === 'diff' ? (
      <Button key="publish" type="primary" danger loading={publish.isPending} onClick={confirmPublish}>
        确认发布第 {(current?.version ?? 0) + 1} 版
      </Button>
    ) : (
      <Button key="review" type="primary" onClick={toReview}>
        发布…
      </Button>
    ),
  ];

  return (
    <Modal title={`编辑${agreementKindLabels[kind]}新版本`} open={open} onCancel={onClose} footer={footer} width={960} destroyOnHidden maskClosable={false}>
      <p className="admin-muted">
        {draft ? `草稿由 ${draft.savedBy ?? '—'} 保存于 ${formatDateTime(draft.savedAt)}。` : '从现行版本开始编辑。'}
        保存草稿不会生效；发布前须查看与现行版本的对比。
      </p>
      <SchemaForm<Values, typeof agreementPublishBody> form={form} name="agreement" schema={agreementPublishBody} body={(v) => ({ kind, ...v })} layout="vertical" initialValues={initial} onSubmit={() => setStep('diff')}>
        <Tabs
          activeKey={step}
          onChange={(key) => setStep(key as Step)}
          items={[
            {
              key: 'edit',
              label: '编辑',
              forceRender: true,
              children: (
                <>
                  <Form.Item label="标题" name="title" required>
                    <Input maxLength={60} showCount />
                  </Form.Item>
                  <Form.Item label="更新说明" name="summary" required extra="会员再次同意时看到的“更新内容”，请写清楚变化了什么、对会员有何影响">
                    <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
                  </Form.Item>
                  <Form.Item label="正文" name="body" required extra="标题、列表和表格都会保留；保存时会清除脚本等不安全内容">
                    <RichTextField aria-label="协议正文" />
                  </Form.Item>
                </>
              ),
            },
            { key: 'preview', label: '预览', children: <AgreementPreview title={title} body={body} /> },
            { key: 'diff', label: '与现行版本对比', children: <AgreementDiff lines={lines} currentVersion={current?.version ?? null} /> },
          ]}
        />
      </SchemaForm>
    </Modal>
  );
}
