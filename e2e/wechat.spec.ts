import { expect, test } from './support/test';
import { loginWithPassword, registerByApi } from './support/auth';
import { randomPhone } from './support/sms';

/** 账号设置 → 通知方式 (issue 38): each service notice's channels, at a phone's width and a desktop's. */
const password = 'Lab@e2e2026';

for (const width of [390, 1440]) {
  test(`a member adds 微信 to 已收样 beside the default 短信, kept after a reload (${width} px)`, async ({ page, request }, info) => {
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    // the header's login button is a desktop's; a phone then reads the page at its own width
    await loginWithPassword(page, phone, password);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/member/settings');
    const card = page.getByRole('region', { name: '通知方式' });
    await expect(card).toBeVisible();
    // no WeChat bound (the demo has no official account): the default is SMS, and the card says why
    await expect(card).toContainText('选择“微信”需先绑定微信并关注公众号');
    const received = card.getByRole('group', { name: '已收样' });
    await expect(received.getByRole('checkbox', { name: '短信' })).toBeChecked();
    await received.getByRole('checkbox', { name: '微信' }).click();
    await expect(page.getByText('已保存通知方式')).toBeVisible();
    // the local stand-in serves: no 微信绑定 card
    await expect(page.getByRole('region', { name: '微信绑定' })).toHaveCount(0);
    await card.screenshot({ path: info.outputPath(`notice-channels-${width}.png`) });
    const box = await card.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(width);
    await page.reload();
    await expect(page.getByRole('region', { name: '通知方式' }).getByRole('group', { name: '已收样' }).getByRole('checkbox', { name: '微信' })).toBeChecked();
  });
}
