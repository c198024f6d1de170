import { useState } from 'react';
import { App, Input } from 'antd';

export interface ReasonPromptOptions {
  title: string;
  /** what is asked for: 拒绝原因, 取消原因, 备注 */
  label: string;
  placeholder?: string;
  okText?: string;
  /** a refusal needs its reason; a note may be left empty */
  required?: boolean;
  maxLength?: number;
  initial?: string;
  danger?: boolean;
  /** what the decision does, above the field (e.g. the refund a cancel books) */
  notice?: string;
}

function ReasonField({ options, onChange }: { options: ReasonPromptOptions; onChange: (value: string) => void }) {
  const [value, setValue] = useState(options.initial ?? '');
  return (
    <div className="admin-reason">
      {options.notice && <p style={{ margin: '0 0 12px' }}>{options.notice}</p>}
      <label style={{ display: 'block', marginBottom: 6 }}>
        {options.required && <span style={{ color: '#d9363e', marginRight: 4 }}>*</span>}
        {options.label}
      </label>
      <Input.TextArea
        autoFocus
        aria-label={options.label}
        value={value}
        rows={3}
        maxLength={options.maxLength ?? 200}
        showCount
        placeholder={options.placeholder}
        onChange={(event) => {
          setValue(event.target.value);
          onChange(event.target.value);
        }}
      />
    </div>
  );
}

/**
 * Asks for a reason or a note in a dialog (refuse, cancel, reject…): resolves the trimmed text,
 * or null when the person closes it. A required reason keeps the OK button disabled until
 * something is written.
 */
export function useReasonPrompt() {
  const { modal } = App.useApp();
  return (options: ReasonPromptOptions) =>
    new Promise<string | null>((resolve) => {
      let value = options.initial ?? '';
      const danger = options.danger ?? false;
      const okState = () => ({ danger, disabled: Boolean(options.required) && !value.trim() });
      const instance = modal.confirm({
        title: options.title,
        icon: null,
        width: 480,
        content: (
          <ReasonField
            options={options}
            onChange={(next) => {
              value = next;
              instance.update({ okButtonProps: okState() });
            }}
          />
        ),
        okText: options.okText ?? '确定',
        cancelText: '取消',
        okButtonProps: okState(),
        onOk: () => resolve(value.trim()),
        onCancel: () => resolve(null),
      });
    });
}
