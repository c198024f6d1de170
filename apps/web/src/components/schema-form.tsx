import type { ReactNode } from 'react';
import { Form, type FormInstance, type FormProps } from 'antd';
import type { z } from 'zod';
import { checkValues, pathKey, type FieldPath, type FormCheck } from '../lib/form-check';
import { feedback } from '../lib/feedback';

/** A field's name in an antd Form: 'phone', or a path such as ['slots', 0]. */
type FieldName = string | number | (string | number)[];

/**
 * Where a schema field stands in the form when the form holds it under another name, by the
 * schema's field (`sampling_time1`) or its whole path (`rules.0.amount`).
 */
export type FieldPlaces = Readonly<Record<string, FieldName>>;

const asPath = (name: FieldName): FieldPath => (Array.isArray(name) ? name : [name]);
const samePath = (a: readonly (string | number)[], b: readonly (string | number)[]) => a.length === b.length && a.every((part, i) => String(part) === String(b[i]));

/**
 * The field a problem is shown under: the one the caller names for it, else the problem's own
 * path or the nearest field holding it (a problem of `lines.0.samples` shows under that list's
 * field). Null when the form has no such field.
 */
function placeOf(path: FieldPath, registered: readonly FieldPath[], places: FieldPlaces | undefined): FieldPath | null {
  const named = places?.[pathKey(path)] ?? (path.length > 0 ? places?.[String(path[0])] : undefined);
  if (named !== undefined) return asPath(named);
  for (let length = path.length; length > 0; length -= 1) {
    const prefix = path.slice(0, length);
    if (registered.some((name) => samePath(name, prefix))) return prefix;
  }
  return null;
}

/**
 * Checks values with the contract's schema inside an antd form: the first problem (spec §5)
 * under its field (aria-invalid, aria-describedby), scrolled to; the problems shown before are
 * cleared. A problem the form has no field for (a bug of the page) is said as a toast rather
 * than lost. SchemaForm runs it on submit; a button that sends part of its form (获取验证码)
 * runs it on that part.
 */
export function checkInForm<S extends z.ZodType>(form: FormInstance, schema: S, values: unknown, places?: FieldPlaces): FormCheck<z.output<S>> {
  const check = checkValues(schema, values);
  const entries = form.getFieldsError();
  const shown = entries.filter((entry) => entry.errors.length > 0);
  if (shown.length > 0) form.setFields(shown.map(({ name }) => ({ name, errors: [] })));
  if (check.ok) return check;
  const [first] = check.problems;
  if (!first) return check;
  const place = placeOf(
    first.path,
    entries.map((entry) => entry.name),
    places,
  );
  if (place === null) {
    feedback.error(first.message);
    return check;
  }
  form.setFields([{ name: place, errors: [first.message] }]);
  form.scrollToField(place, { block: 'center' });
  return check;
}

/** A field's problem disappears once the field (or the list holding it) is edited, not at the next submit. */
function clearEdited(form: FormInstance, changed: object) {
  const edited = new Set(Object.keys(changed));
  const stale = form.getFieldsError().filter((entry) => entry.errors.length > 0 && edited.has(String(entry.name[0])));
  if (stale.length > 0) form.setFields(stale.map(({ name }) => ({ name, errors: [] })));
}

export interface SchemaFormProps<V extends object, S extends z.ZodType> extends Omit<FormProps<V>, 'form' | 'name' | 'fields' | 'children' | 'onFinish' | 'onFinishFailed'> {
  /** from Form.useForm(): for Form.useWatch, a submit button outside the form (form.submit()), resetFields */
  form: FormInstance<V>;
  /** the form's name: its fields' ids */
  name: string;
  /** the contract's schema of the call the form sends */
  schema: S;
  /** the values as the schema reads them, when they differ (a switch as '1'/'0', a date as text, the row's key added) */
  body?: (values: V) => unknown;
  /** where a schema field stands when the form holds it under another name: `{ sampling_time1: ['slots', 0] }` */
  places?: FieldPlaces;
  children?: ReactNode;
  /** what the check waits for first (the password strength check, loaded on demand) */
  ready?: () => Promise<unknown>;
  /** the checked body, once it passes (and the form's values) */
  onSubmit: (body: z.output<S>, values: V) => void;
}

/**
 * The one way to build a form in an antd area (docs/web.md, "Forms"): antd's Form holds the
 * values, the contract's schema checks them on submit and the first problem shows under its
 * field; a field's problem clears as it is edited. The server's refusal (its msg) is
 * useApiMutation's, as for every call.
 */
export function SchemaForm<V extends object, S extends z.ZodType>({ form, schema, body, places, ready, onSubmit, onValuesChange, children, ...rest }: SchemaFormProps<V, S>) {
  const submit = async () => {
    if (ready) await ready();
    const values = form.getFieldsValue(true) as V;
    const check = checkInForm(form, schema, body ? body(values) : values, places);
    if (check.ok) onSubmit(check.data, values);
  };
  return (
    <Form<V>
      form={form}
      {...rest}
      onValuesChange={(changed, all) => {
        clearEdited(form, changed);
        onValuesChange?.(changed, all);
      }}
      onFinish={() => void submit()}
    >
      {children}
    </Form>
  );
}
