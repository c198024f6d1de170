import type { ThemeConfig } from 'antd';

/** One brand colour for the whole site: a deep laboratory blue. */
export const brandColor = '#0a58ca';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: brandColor,
    colorLink: brandColor,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif",
  },
};
