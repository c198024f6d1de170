import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defineStore, onResetStores, resetStores } from './store';
import { loginPanel, useLoginPanel } from './login-panel';

const counter = defineStore<{ count: number }>(() => ({ count: 0 }));
const bump = () => counter.setState((state) => ({ count: state.count + 1 }));

function Count() {
  const count = counter((state) => state.count);
  return <button onClick={bump}>点了 {count} 次</button>;
}

function PanelView() {
  const panel = useLoginPanel();
  return <p>{panel.open ? `登录面板：${panel.view}` : '登录面板关着'}</p>;
}

describe('lib/store: state that outlives a component', () => {
  it('is shared by every component and outlives them, and resetStores puts it back', async () => {
    const first = render(<Count />);
    await userEvent.click(screen.getByRole('button', { name: '点了 0 次' }));
    first.unmount();
    // a new component sees what the old one left
    render(<Count />);
    expect(screen.getByRole('button', { name: '点了 1 次' })).toBeInTheDocument();
    act(() => resetStores());
    expect(screen.getByRole('button', { name: '点了 0 次' })).toBeInTheDocument();
  });

  it('an action called outside React re-renders the component that reads the store', () => {
    render(<PanelView />);
    expect(screen.getByText('登录面板关着')).toBeInTheDocument();
    act(() => loginPanel.show('reg'));
    expect(screen.getByText('登录面板：reg')).toBeInTheDocument();
    act(() => resetStores());
    expect(screen.getByText('登录面板关着')).toBeInTheDocument();
  });

  it('resetStores also runs the resets registered for state kept elsewhere', () => {
    let kept = 'something';
    onResetStores(() => (kept = ''));
    resetStores();
    expect(kept).toBe('');
  });
});
