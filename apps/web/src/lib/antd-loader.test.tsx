import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { TestStyles } from '../testing/render';
import { AntdBoundary } from './antd-loader';
import { feedback } from './feedback';

describe('antd on demand', () => {
  it('the page shows without antd; the first toast loads it and the page then sits inside its App', async () => {
    render(
      <TestStyles>
        <AntdBoundary>
          <p>首页内容</p>
        </AntdBoundary>
      </TestStyles>,
    );
    expect(screen.getByText('首页内容').closest('.ant-app')).toBeNull();
    feedback.success('已退出登录');
    expect(await screen.findByText('已退出登录')).toBeInTheDocument();
    expect(screen.getByText('首页内容').closest('.ant-app')).not.toBeNull();
  });
});
