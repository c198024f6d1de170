import type { ReactNode } from 'react';
import { Button } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';

/**
 * The forms' submit button. Busy: disabled with a spinner. (antd's `loading` animates its
 * icon out, and that leave animation can stay half-finished in the DOM after an error
 * dialog, leaving the button's accessible name "loading 登录".)
 */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="primary" htmlType="submit" size="large" block disabled={busy} aria-busy={busy} icon={busy ? <LoadingOutlined /> : undefined}>
      {children}
    </Button>
  );
}
