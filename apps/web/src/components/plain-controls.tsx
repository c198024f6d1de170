import { useLayoutEffect, useRef, useState, type ButtonHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { CheckCircleFilled, CloseCircleFilled, DownOutlined, ExclamationCircleFilled, LoadingOutlined, UpOutlined } from './icons';
import './plain-field.css';
import './plain-controls.css';

/**
 * The few form controls the public pages show before anyone interacts, without antd (whose
 * script is most of the site's): antd's look and behaviour, the platform's elements
 * underneath, so keyboard and screen reader work as the browser makes them work.
 */

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  /** a button, unless it submits its form */
  type?: 'button' | 'submit';
  variant?: 'primary' | 'default';
  size?: 'lg' | 'sm';
  icon?: ReactNode;
  /** antd's loading: a spinner in place of the icon, clicks ignored until it is done */
  loading?: boolean;
};

export function PlainButton({ type = 'button', variant = 'default', size, icon, loading = false, className, onClick, children, ...rest }: ButtonProps) {
  const classes = ['plain-button', variant === 'primary' ? 'plain-button-primary' : '', size ? `plain-button-${size}` : '', loading ? 'is-loading' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={classes} aria-busy={loading || undefined} onClick={loading ? undefined : onClick} {...rest}>
      {loading ? <LoadingOutlined spin /> : icon}
      <span>{children}</span>
    </button>
  );
}

const alertIcons = { success: <CheckCircleFilled />, warning: <ExclamationCircleFilled />, error: <CloseCircleFilled /> } as const;

/**
 * antd's Alert with its icon. Problems are announced at once (role alert), confirmations
 * politely (role status).
 */
export function PlainAlert({
  type,
  title,
  description,
  action,
  className,
}: {
  type: keyof typeof alertIcons;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  const classes = ['plain-alert', `plain-alert-${type}`, description ? 'has-description' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div className={classes} role={type === 'success' ? 'status' : 'alert'}>
      <span className="plain-alert-icon">{alertIcons[type]}</span>
      <div className="plain-alert-section">
        <div className="plain-alert-title">{title}</div>
        {description ? <div className="plain-alert-description">{description}</div> : null}
      </div>
      {action ? <div className="plain-alert-action">{action}</div> : null}
    </div>
  );
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * A whole number between min and max, as antd's InputNumber with precision 0 keeps it: what
 * is typed counts as soon as it is a number in range, leaving the field rounds and clamps it
 * (or puts back the last good value), the arrow keys and the two handles step by one.
 */
export function NumberInput({
  value,
  min,
  max,
  onChange,
  ...aria
}: {
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  id?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const step = (by: number) => {
    setDraft(null);
    onChange(clamp(value + by, min, max));
  };
  const type = (text: string) => {
    setDraft(text);
    const typed = Number(text);
    if (text.trim() !== '' && Number.isInteger(typed) && typed >= min && typed <= max) onChange(typed);
  };
  const settle = () => {
    if (draft === null) return;
    const typed = Number(draft);
    setDraft(null);
    if (draft.trim() !== '' && Number.isFinite(typed)) onChange(clamp(Math.round(typed), min, max));
  };
  // the handles are for the mouse: they keep the focus in the field, the keyboard uses the arrows
  const handle = (by: number, disabled: boolean, label: ReactNode) => (
    <span
      className={`plain-number-step${disabled ? ' is-disabled' : ''}`}
      aria-hidden="true"
      onMouseDown={(event) => {
        event.preventDefault();
        if (!disabled) step(by);
      }}
    >
      {label}
    </span>
  );
  return (
    <span className="plain-number">
      <input
        {...aria}
        type="text"
        role="spinbutton"
        inputMode="numeric"
        autoComplete="off"
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={value}
        value={draft ?? String(value)}
        onChange={(event) => type(event.target.value)}
        onBlur={settle}
        onKeyDown={(event) => {
          if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
            event.preventDefault();
            step(event.key === 'ArrowUp' ? 1 : -1);
          } else if (event.key === 'Enter') {
            settle();
          }
        }}
      />
      <span className="plain-number-steps">
        {handle(1, value >= max, <UpOutlined />)}
        {handle(-1, value <= min, <DownOutlined />)}
      </span>
    </span>
  );
}

/** A textarea that grows with its text from minRows to maxRows lines, then scrolls (antd's autoSize). */
export function AutoSizeTextarea({ minRows, maxRows, className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { minRows: number; maxRows: number }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const field = ref.current;
    if (!field) return;
    const style = getComputedStyle(field);
    const line = parseFloat(style.lineHeight);
    if (!Number.isFinite(line)) return;
    const frame = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
    field.style.height = 'auto';
    const wanted = field.scrollHeight + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
    const height = clamp(wanted, line * minRows + frame, line * maxRows + frame);
    field.style.height = `${height}px`;
    field.style.overflowY = wanted > height ? 'auto' : 'hidden';
  }, [rest.value, minRows, maxRows]);
  return <textarea ref={ref} rows={minRows} className={['plain-input', className ?? ''].filter(Boolean).join(' ')} {...rest} />;
}
