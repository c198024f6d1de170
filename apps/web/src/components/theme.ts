import type { ThemeConfig } from 'antd';

/** One brand colour for the whole site: a deep laboratory blue. */
export const brandColor = '#0a58ca';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: brandColor,
    colorLink: brandColor,
    // antd's #ff4d4f is 3.3:1 on white (2.98:1 on its own error tag): red-7 reads at 5.9:1, as
    // WCAG AA asks of text such as 取消订单 and the 待支付 tag
    colorError: '#cf1322',
    // secondary text (a Result's subtitle, a form's extra): antd's 45% black is 3.3:1 on the
    // page's grey; the site's muted ink (--ink-3 in styles/global.css) reads at 5:1
    colorTextDescription: '#5f6b7a',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif",
  },
};
