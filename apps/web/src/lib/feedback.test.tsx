import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from './api';
import { feedback } from './feedback';

/** a page built without antd, as the public pages are */
const plainPage = () => render(<p>首页内容</p>);

describe('feedback (lib/feedback)', () => {
  it('shows a success and an error toast on a page without antd, which stays as it was', async () => {
    plainPage();
    const page = screen.getByText('首页内容');
    feedback.success('已退出登录');
    expect(await screen.findByText('已退出登录')).toBeInTheDocument();
    feedback.error('首页数据加载失败');
    expect(await screen.findByText('首页数据加载失败')).toBeInTheDocument();
    // nothing was drawn again, nor put inside antd's App
    expect(screen.getByText('首页内容')).toBe(page);
    expect(page.closest('.ant-app')).toBeNull();
    // one antd App for all of them
    expect(document.querySelectorAll('[data-feedback]')).toHaveLength(1);
  });

  it('a refusal from the server: the alert 操作失败 with its msg, closed by 确定', async () => {
    plainPage();
    const user = userEvent.setup();
    feedback.failure(new ApiError('余额不足，请先充值', 400));
    const dialog = await screen.findByRole('dialog', { name: '操作失败' });
    expect(within(dialog).getByText('余额不足，请先充值')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByText('余额不足，请先充值')).toBeNull());
  });

  it('a network or client error is a toast, not an alert; a cancelled request shows nothing', async () => {
    plainPage();
    feedback.failure(new DOMException('The user aborted a request.', 'AbortError'));
    feedback.failure(new ApiError('网络异常，请检查网络后重试', 0));
    expect(await screen.findByText('网络异常，请检查网络后重试')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(/aborted/)).toBeNull();
  });
});
