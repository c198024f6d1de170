import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { checkValues, type FieldProblem } from '../lib/form-check';
import { feedback } from '../lib/feedback';
import './plain-controls.css';

/**
 * The form of the pages built without antd (docs/web.md, "Forms"): the same recipe as
 * SchemaForm (components/schema-form) with the same core (lib/form-check): the contract's
 * schema checks the values on submit, the first problem shows under its field (PlainField) and
 * clears as that field is edited.
 */
export interface PlainFormOptions<V extends object, S extends z.ZodType> {
  /** the contract's schema, or its loader on a page that paints without zod (the check waits for it) */
  schema: S | (() => Promise<S>);
  /** every field's value in an empty form */
  initialValues: V;
  /** the values as the schema reads them, when they differ */
  body?: (values: V) => unknown;
  /** the checked body, once it passes (and the form's values) */
  onSubmit: (body: z.output<S>, values: V) => void;
}

/** The fields holding text: what `text(name)` binds to an input, a textarea or a select. */
type TextField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export interface PlainFormState<V extends object> {
  values: V;
  set: <K extends keyof V>(name: K, value: V[K]) => void;
  /** value and onChange for an input, a textarea or a select holding text */
  text: (name: TextField<V>) => { name: string; value: string; onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void };
  /** the problem shown under this field, if any */
  problemAt: (name: keyof V & string) => string | undefined;
  /** checks and, once the values pass, calls onSubmit; a button outside a PlainForm calls it */
  submit: () => void;
  /** the schema is being loaded (a loader given as schema) */
  checking: boolean;
  /** back to the initial values, no problem shown */
  reset: () => void;
  /** PlainField's: the fields on screen, so a problem without one is not lost */
  register: (name: string) => () => void;
}

export function usePlainForm<V extends object, S extends z.ZodType>({ schema, initialValues, body, onSubmit }: PlainFormOptions<V, S>): PlainFormState<V> {
  const [values, setValues] = useState<V>(initialValues);
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [checking, setChecking] = useState(false);
  const fields = useRef(new Map<string, number>());

  const set = <K extends keyof V>(name: K, value: V[K]) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setProblem((shown) => (shown && shown.path[0] === name ? null : shown));
  };

  const check = (rules: S) => {
    const result = checkValues(rules, body ? body(values) : values);
    if (result.ok) {
      setProblem(null);
      onSubmit(result.data, values);
      return;
    }
    const [first] = result.problems;
    if (!first) return;
    if (fields.current.has(String(first.path[0]))) {
      setProblem(first);
    } else {
      setProblem(null);
      feedback.error(first.message);
    }
  };

  const submit = () => {
    if (checking) return;
    if (typeof schema !== 'function') return check(schema);
    setChecking(true);
    schema().then(
      (rules) => {
        setChecking(false);
        check(rules);
      },
      (error: unknown) => {
        setChecking(false);
        feedback.failure(error);
      },
    );
  };

  const register = useCallback((name: string) => {
    const on = fields.current;
    on.set(name, (on.get(name) ?? 0) + 1);
    return () => {
      const left = (on.get(name) ?? 1) - 1;
      if (left > 0) on.set(name, left);
      else on.delete(name);
    };
  }, []);

  return {
    values,
    set,
    text: (name) => ({
      name,
      value: values[name] as string,
      onChange: (event) => set(name, event.target.value as V[typeof name]),
    }),
    problemAt: (name) => (problem && problem.path[0] === name ? problem.message : undefined),
    submit,
    checking,
    reset: () => {
      setValues(initialValues);
      setProblem(null);
    },
    register,
  };
}

/** The `<form>` of a plain form: submitting it (a submit button, Enter in a field) runs the check. */
export function PlainForm<V extends object>({ form, className, label, children }: { form: PlainFormState<V>; className?: string; label?: string; children: ReactNode }) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    form.submit();
  };
  return (
    <form className={className} aria-label={label} noValidate onSubmit={onSubmit}>
      {children}
    </form>
  );
}

/** What a field's control needs to be named by its label and described by its problem. */
export interface PlainFieldControl {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

/**
 * antd's vertical Form.Item: the label (with its red mark when required) above the control and
 * the field's problem under it, in red, which the control names as its description.
 */
export function PlainField<V extends object>({
  form,
  name,
  label,
  required = false,
  extra,
  className,
  children,
}: {
  form: PlainFormState<V>;
  name: keyof V & string;
  label: ReactNode;
  required?: boolean;
  extra?: ReactNode;
  className?: string;
  children: (control: PlainFieldControl) => ReactNode;
}) {
  const id = useId();
  const problemId = `${id}-problem`;
  const problem = form.problemAt(name);
  const { register } = form;
  useEffect(() => register(name), [register, name]);
  const classes = ['plain-field', problem ? 'has-problem' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label className={required ? 'plain-field-label is-required' : 'plain-field-label'} htmlFor={id}>
        {label}
      </label>
      {children({ id, ...(required ? { 'aria-required': true } : {}), ...(problem ? { 'aria-invalid': true, 'aria-describedby': problemId } : {}) })}
      {extra}
      {problem ? (
        <div className="plain-field-problem" id={problemId}>
          {problem}
        </div>
      ) : null}
    </div>
  );
}
