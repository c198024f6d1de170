import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { ConsultationMessage } from '@lab/contract';
import { TestStyles } from '../../testing/render';
import { ConsultStatusTag, ConsultThread } from './consult-thread';

const thread: ConsultationMessage[] = [
  { author: 'member', name: '陈老师', content: 'SEM 能测磁性样品吗？', createdAt: '2026-12-01T02:00:00.000Z' },
  { author: 'staff', name: '林经理', content: '可以，需先消磁处理。', createdAt: '2026-12-01T02:30:00.000Z' },
  { author: 'staff', name: '王经理', content: '消磁另收 50 元。\n请在下单时备注。', createdAt: '2026-12-01T03:00:00.000Z' },
  { author: 'member', name: '陈老师', content: '好的，粉末也要消磁吗？', createdAt: '2026-12-01T03:10:00.000Z' },
];

const items = () => within(screen.getByRole('list', { name: '咨询记录' })).getAllByTestId('consult-message');

describe('ConsultThread', () => {
  it('on the member\'s screen: every message in the order given, 我 for theirs (on the right), each colleague by name, Shanghai time', () => {
    render(<TestStyles><ConsultThread messages={thread} viewer="member" /></TestStyles>);
    const li = items();
    expect(li).toHaveLength(4);
    expect(li.map((x) => x.querySelector('.consult-who')?.textContent)).toEqual(['我', '客服 · 林经理', '客服 · 王经理', '我']);
    expect(li.map((x) => x.querySelector('.consult-text')?.textContent)).toEqual(thread.map((m) => m.content));
    expect(li[0]).toHaveTextContent('咨询');
    expect(li[0]).toHaveTextContent('2026-12-01 10:00');
    expect(li[3]).toHaveTextContent('2026-12-01 11:10');
    expect(li[0]).toHaveClass('is-own');
    expect(li[1]).not.toHaveClass('is-own');
    expect(li[1]!.querySelector('time')).toHaveAttribute('dateTime', '2026-12-01T02:30:00.000Z');
  });

  it('on a staff screen: the customer by name, the staff side on the right', () => {
    render(<TestStyles><ConsultThread messages={thread} viewer="staff" /></TestStyles>);
    const li = items();
    expect(li.map((x) => x.querySelector('.consult-who')?.textContent)).toEqual(['陈老师', '客服 · 林经理', '客服 · 王经理', '陈老师']);
    expect(li.map((x) => x.classList.contains('is-own'))).toEqual([false, true, true, false]);
  });

  it('a thread of the question alone shows it alone', () => {
    render(<TestStyles><ConsultThread messages={thread.slice(0, 1)} viewer="member" /></TestStyles>);
    expect(items()).toHaveLength(1);
  });

  it('names each state in Chinese', () => {
    render(
      <TestStyles>
        <ConsultStatusTag status="pending" />
        <ConsultStatusTag status="replied" />
        <ConsultStatusTag status="closed" />
      </TestStyles>,
    );
    for (const label of ['待回复', '已回复', '已关闭']) expect(screen.getByText(label)).toBeInTheDocument();
  });
});
