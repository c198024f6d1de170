import { antdApi } from './antd-loader';

/**
 * antd's message toast for code that lives outside antd's tree (the site header, pages
 * built without antd): loads antd on first use, so a page that never shows one never loads it.
 */
export const toast = {
  success: (text: string) => void antdApi().then(({ message }) => message.success(text)),
  error: (text: string) => void antdApi().then(({ message }) => message.error(text)),
};
