import { getByLabelText, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A form shows its first problem only (spec): the message is the accessible description of
 * the field it is about (antd links them with aria-describedby), first, before the field's own
 * help text if it has one (the password's rule under the field), and that field is the only one
 * marked invalid.
 */
export async function expectOnlyError(field: string, message: string, container: HTMLElement = document.body) {
  const first = new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)`);
  await waitFor(() => expect(getByLabelText(container, field)).toHaveAccessibleDescription(first));
  await waitFor(() => expect(container.querySelectorAll('[aria-invalid="true"]')).toHaveLength(1));
}
