import { getByLabelText, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A form shows its first problem only (spec): the message is the accessible description of
 * the field it is about (antd links them with aria-describedby), and that field is the only
 * one marked invalid.
 */
export async function expectOnlyError(field: string, message: string, container: HTMLElement = document.body) {
  await waitFor(() => expect(getByLabelText(container, field)).toHaveAccessibleDescription(message));
  await waitFor(() => expect(container.querySelectorAll('[aria-invalid="true"]')).toHaveLength(1));
}
