import { App, Form, Input } from 'antd';
import { z } from 'zod';
import { optionalText, requiredText } from '@lab/contract';
import { SchemaForm } from '../schema-form';

export interface ReasonPromptOptions {
  title: string;
  /** what is asked for: 拒绝原因, 取消原因, 备注 */
  label: string;
  placeholder?: string;
  okText?: string;
  /** a refusal needs its reason; a note may be left empty */
  required?: boolean;
  maxLength?: number;
  /**
   * the call's own rule for the text (its field of the contract's body, e.g.
   * `consultationReplyBody.shape.reply`); without it, required or optional text of maxLength
   */
  rule?: z.ZodType<string | undefined>;
  /** what the rule waits for first (the password strength check, loaded on demand) */
  ready?: () => Promise<unknown>;
  initial?: string;
  danger?: boolean;
  /** what the decision does, above the field (e.g. the refund a cancel books) */
  notice?: string;
}

/** The dialog's form: one text field, checked as every form is (components/schema-form). */
function ReasonForm({ options, submitter, onDone }: { options: ReasonPromptOptions; submitter: { submit: () => void }; onDone: (text: string) => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const maxLength = options.maxLength ?? 200;
  const rule = options.rule ?? (options.required ? requiredText(options.label, maxLength) : optionalText(options.label, maxLength));
  submitter.submit = () => form.submit();
  return (
    <SchemaForm
      form={form}
      name="reason-prompt"
      schema={z.object({ reason: rule })}
      {...(options.ready ? { ready: options.ready } : {})}
      layout="vertical"
      className="admin-reason"
      initialValues={{ reason: options.initial ?? '' }}
      onSubmit={(body) => onDone(body.reason ?? '')}
    >
      {options.notice && <p style={{ margin: '0 0 12px' }}>{options.notice}</p>}
      <Form.Item label={options.label} name="reason" required={options.required} style={{ marginBottom: 0 }}>
        <Input.TextArea autoFocus aria-label={options.label} rows={3} maxLength={maxLength} showCount placeholder={options.placeholder} />
      </Form.Item>
    </SchemaForm>
  );
}

/**
 * Asks for a reason or a note in a dialog (refuse, cancel, reject…): resolves the checked text
 * (trimmed; '' for a note left empty), or null when the person closes it. A required reason left
 * empty gets its problem under the field and the dialog stays open.
 */
export function useReasonPrompt() {
  const { modal } = App.useApp();
  return (options: ReasonPromptOptions) =>
    new Promise<string | null>((resolve) => {
      const submitter = { submit: () => {} };
      const instance = modal.confirm({
        title: options.title,
        icon: null,
        width: 480,
        content: (
          <ReasonForm
            options={options}
            submitter={submitter}
            onDone={(text) => {
              resolve(text);
              instance.destroy();
            }}
          />
        ),
        okText: options.okText ?? '确定',
        cancelText: '取消',
        okButtonProps: { danger: options.danger ?? false },
        // taking `close` keeps the dialog open: it closes once the form's check passes (onDone)
        onOk: (_close: () => void) => submitter.submit(),
        onCancel: () => resolve(null),
      });
    });
}
