import { type Page } from '@playwright/test';

/* What the order journeys (orders*.spec.ts) share: two catalogue items, the time format, the success message. */

/** 'YYYY-MM-DD HH:mm' (Asia/Shanghai) */
export const shanghaiTime = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/;

export const xrd = { keyword: 'XRD', name: 'XRD 粉末衍射（物相分析）' };
export const sem = { keyword: 'SEM', name: '场发射扫描电镜 SEM（形貌）' };

/** A success message (antd message), not the same words elsewhere on the page such as an event's title. */
export const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });
