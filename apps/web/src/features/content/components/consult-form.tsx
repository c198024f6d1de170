import { useState, type FormEvent } from 'react';
import { CheckCircleFilled } from '../../../components/icons';
import { PlainButton, PlainField } from '../../../components/plain-controls';
import { indexMessageBody, type IndexMessageBody } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { useAddIndexMessage } from '../api/add-index-message';

type Field = keyof IndexMessageBody;
type Values = Record<Field, string>;
type Problems = Partial<Record<Field, string>>;

const fields: readonly Field[] = ['name', 'phone', 'company', 'content'];

/** The contract's schema checks each field, so the form says what the server would say. */
function problemOf(field: Field, value: string) {
  const result = indexMessageBody.shape[field].safeParse(field === 'company' && !value ? undefined : value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? '填写有误');
}

/**
 * Contact page: a visitor's consultation, POST /api/open/indexMsg/add. Built with the plain kit
 * (the contact page loads no antd): antd Form's behaviour — every problem under its field on
 * submit, a field checked again as it is edited.
 */
export function ConsultForm({ initialContent }: { initialContent?: string | undefined }) {
  const empty: Values = { name: '', phone: '', company: '', content: initialContent ?? '' };
  const [values, setValues] = useState<Values>(empty);
  const [problems, setProblems] = useState<Problems>({});
  const mutation = useAddIndexMessage();
  const [sent, setSent] = useState(false);

  const edit = (field: Field, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setProblems((prev) => ({ ...prev, [field]: problemOf(field, value) }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const found = Object.fromEntries(fields.map((field) => [field, problemOf(field, values[field])])) as Problems;
    setProblems(found);
    if (fields.some((field) => found[field])) return;
    const parsed = indexMessageBody.safeParse({ ...values, company: values.company || undefined });
    if (!parsed.success) return;
    mutation.mutate(parsed.data, {
      onSuccess: () => {
        setValues(empty);
        setSent(true);
        feedback.success('提交成功!');
      },
    });
  };

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

  const text = (field: Field) => ({ value: values[field], onChange: (event: { target: { value: string } }) => edit(field, event.target.value) });
  return (
    <form className="cnt-form" aria-label="在线咨询" noValidate onSubmit={submit}>
      <div className="cnt-form-grid">
        <PlainField label="姓名" required problem={problems.name}>
          {(control) => <input {...control} {...text('name')} className="plain-input" maxLength={30} autoComplete="name" placeholder="您的称呼" />}
        </PlainField>
        <PlainField label="手机号" required problem={problems.phone}>
          {(control) => <input {...control} {...text('phone')} className="plain-input" maxLength={11} inputMode="numeric" autoComplete="tel" placeholder="便于顾问与您联系" />}
        </PlainField>
      </div>
      <PlainField label="单位" problem={problems.company}>
        {(control) => <input {...control} {...text('company')} className="plain-input" maxLength={100} autoComplete="organization" placeholder="学校 / 院系或公司名称（选填）" />}
      </PlainField>
      <PlainField label="咨询内容" required problem={problems.content}>
        {(control) => (
          <>
            <textarea {...control} {...text('content')} className="plain-input" rows={5} maxLength={1000} placeholder="请描述样品类型、测试项目、数量与期望周期等" />
            <span className="plain-count" aria-hidden="true">
              {values.content.length} / 1000
            </span>
          </>
        )}
      </PlainField>
      <PlainButton type="submit" variant="primary" size="lg" loading={mutation.isPending}>
        提交咨询
      </PlainButton>
    </form>
  );
}
