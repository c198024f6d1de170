import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { theme } from './theme';

dayjs.locale('zh-cn');

/**
 * antd's theme, locale and App (message, modal, notification) for everything inside. The public
 * pages do without antd; every part of the site that uses it (the login panel, the member and
 * experiment areas, the back office, the sampling dialog) is loaded lazily and renders this
 * around itself, so antd arrives with the code that needs it and nothing already on screen is
 * drawn again.
 */
export function AntScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
