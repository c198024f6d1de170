import { UserOutlined } from '@ant-design/icons';
import { displayName, maskPhone, useUserInfo } from '../../lib/user-info';
import { memberNav } from './member-nav';
import { AreaShell } from './area-shell';

/** 会员中心: the left menu of all 17 member pages, the page on the right; loaded lazily with antd, inside antd's providers. */
export default function MemberLayout() {
  const { data: info } = useUserInfo();
  return (
    <AreaShell
      label="会员中心菜单"
      card={{ icon: <UserOutlined />, title: info ? displayName(info) : '会员', note: info ? maskPhone(info.account.phone) : '\u00a0' }}
      base="/member"
      groups={memberNav}
    />
  );
}
