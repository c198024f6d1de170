import { useState } from 'react';
import { CheckCircleFilled } from '../../../components/icons';
import { PlainButton } from '../../../components/plain-controls';
import { PlainField, PlainForm, usePlainForm } from '../../../components/plain-form';
import { indexMessageBody } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { useAddIndexMessage } from '../api/add-index-message';

/**
 * Contact page: a visitor's consultation, POST /api/open/indexMsg/add. Built with the plain kit
 * (the contact page loads no antd), checked with the contract's schema: the first problem under
 * its field, as every form of the site.
 */
export function ConsultForm({ initialContent }: { initialContent?: string | undefined }) {
  const mutation = useAddIndexMessage();
  const [sent, setSent] = useState(false);
  const form = usePlainForm({
    schema: indexMessageBody,
    initialValues: { name: '', phone: '', company: '', content: initialContent ?? '' },
    body: (values) => ({ ...values, company: values.company || undefined }),
    onSubmit: (body) => {
      if (mutation.isPending) return;
      mutation.mutate(body, {
        onSuccess: () => {
          form.reset();
          setSent(true);
          feedback.success('提交成功!');
        },
      });
    },
  });

  if (sent) {
    return (
      <div className="cnt-sent" role="status">
        <CheckCircleFilled className="cnt-sent-icon" />
        <h3>咨询已提交</h3>
        <p>顾问将在工作时间内尽快与您电话联系，请保持手机畅通。</p>
        <PlainButton className="cnt-again" onClick={() => setSent(false)}>
          再次咨询
        </PlainButton>
      </div>
    );
  }

  return (
    <PlainForm form={form} className="cnt-form" label="在线咨询">
      <div className="cnt-form-grid">
        <PlainField form={form} name="name" label="姓名" required>
          {(control) => <input {...control} {...form.text('name')} className="plain-input" maxLength={30} autoComplete="name" placeholder="您的称呼" />}
        </PlainField>
        <PlainField form={form} name="phone" label="手机号" required>
          {(control) => <input {...control} {...form.text('phone')} className="plain-input" maxLength={11} inputMode="numeric" autoComplete="tel" placeholder="便于顾问与您联系" />}
        </PlainField>
      </div>
      <PlainField form={form} name="company" label="单位">
        {(control) => <input {...control} {...form.text('company')} className="plain-input" maxLength={100} autoComplete="organization" placeholder="学校 / 院系或公司名称（选填）" />}
      </PlainField>
      <PlainField form={form} name="content" label="咨询内容" required>
        {(control) => (
          <>
            <textarea {...control} {...form.text('content')} className="plain-input" rows={5} maxLength={1000} placeholder="请描述样品类型、测试项目、数量与期望周期等" />
            <span className="plain-count" aria-hidden="true">
              {form.values.content.length} / 1000
            </span>
          </>
        )}
      </PlainField>
      <PlainButton type="submit" variant="primary" size="lg" loading={mutation.isPending}>
        提交咨询
      </PlainButton>
    </PlainForm>
  );
}
