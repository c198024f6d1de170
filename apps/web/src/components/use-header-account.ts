import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { feedback } from '../lib/feedback';
import { hasToken, useSession } from '../lib/session';
import { logout, useUserInfo } from '../lib/user-info';

/**
 * The site header's account: logged in or not, the member's info, the plan's count and 退出登录.
 * Also keeps index.html's member mark (<html data-member>) while it applies: the header, drawn
 * logged out by the server, hides 登录 / 注册 until the app shows the member's menu. The mark
 * goes once there is no member: a visitor, or a logout. It is judged by the stored token, not by
 * what is drawn: while hydrating, the header is drawn logged out for a member too.
 */
export function useHeaderAccount() {
  const session = useSession();
  const { data: info } = useUserInfo();
  const navigate = useNavigate();
  const loggedIn = session !== null;
  useEffect(() => {
    if (!loggedIn && !hasToken()) document.documentElement.removeAttribute('data-member');
  }, [loggedIn]);
  const signOut = async () => {
    await navigate('/');
    await logout();
    feedback.success('已退出登录');
  };
  return { loggedIn, info, cartNum: session ? (info?.cartNum ?? 0) : 0, signOut };
}

export type HeaderAccount = ReturnType<typeof useHeaderAccount>;
