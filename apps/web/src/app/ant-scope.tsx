import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { theme } from './theme';
import { provideAntdApi } from '../lib/antd-loader';

dayjs.locale('zh-cn');

/** Hands the App's message / modal API to code outside antd's tree (the header's toasts). */
function ApiBridge() {
  const app = AntApp.useApp();
  useEffect(() => provideAntdApi(app), [app]);
  return null;
}

/** antd's theme, locale and App (message, modal, notification) for everything inside. */
export function AntScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <AntApp>
        <ApiBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
