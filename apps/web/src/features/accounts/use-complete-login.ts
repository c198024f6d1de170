import { useNavigate } from 'react-router';
import type { LoginResult } from '@lab/contract';
import { saveSession } from '../../lib/session';
import { loadUserInfo } from '../../lib/user-info';
import { loginPanel } from '../../lib/login-panel';
import { attestationDialog } from '../../lib/attestation';
import { feedback } from '../../lib/feedback';

export type LoginMethod = 'password' | 'sms' | 'qr';

/**
 * Spec §4: on success the token is stored, user info fetched and the panel closed; the
 * visitor goes on to the route they tried. After an SMS login a member with no address
 * on file gets the 资料认证 dialog. The toast is lib/feedback's, which outlasts the panel.
 */
export function useCompleteLogin() {
  const navigate = useNavigate();
  return async (result: LoginResult, method: LoginMethod) => {
    saveSession(result);
    feedback.success('登录成功!');
    const info = await loadUserInfo();
    const { intended } = loginPanel.get();
    loginPanel.close();
    if (intended) await navigate(intended);
    if (method === 'sms' && info && info.addressList.length === 0) attestationDialog.open();
  };
}
