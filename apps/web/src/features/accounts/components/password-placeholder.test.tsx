import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { RegisterForm } from './register-form';
import { ResetForm } from './reset-form';

/*
 * Issue 31: on a 390 px phone the password field's placeholder "设置密码（至少10位，不要用常见组合）"
 * was cut. A large antd field there leaves about 15 CJK characters' room beside the lock and the eye;
 * the placeholder stays short and the rule is written under the field, where it is never cut.
 */
const ROOM = 8;

describe('password fields on a phone', () => {
  it('registration: a short placeholder, the rule under the field', async () => {
    mockApi({});
    renderApp(<RegisterForm inviterCode={null} />);
    const field = await screen.findByLabelText('密码');
    expect(field.getAttribute('placeholder')!.length).toBeLessThanOrEqual(ROOM);
    expect(screen.getByText('至少10位，不要用常见组合')).toBeInTheDocument();
  });

  it('reset: the same', async () => {
    mockApi({});
    renderApp(<ResetForm />);
    const field = await screen.findByLabelText('新密码');
    expect(field.getAttribute('placeholder')!.length).toBeLessThanOrEqual(ROOM);
    expect(screen.getByText('至少10位，不要用常见组合')).toBeInTheDocument();
  });
});
