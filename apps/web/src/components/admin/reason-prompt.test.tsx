import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button } from 'antd';
import { z } from 'zod';
import { renderApp } from '../../testing/render';
import { useReasonPrompt, type ReasonPromptOptions } from './reason-prompt';

function Asker({ options }: { options: ReasonPromptOptions }) {
  const prompt = useReasonPrompt();
  const [answer, setAnswer] = useState<string | null | undefined>(undefined);
  return (
    <>
      <Button onClick={() => void prompt(options).then(setAnswer)}>询问</Button>
      <output data-testid="answer">{answer === undefined ? '…' : answer === null ? '关闭' : `「${answer}」`}</output>
    </>
  );
}

const ask = () => fireEvent.click(screen.getByText(/^询\s?问$/).closest('button')!);
const ok = (dialog: HTMLElement, text: string) => fireEvent.click(within(dialog).getByText(new RegExp(`^${text.split('').join('\\s?')}$`)).closest('button')!);

describe('the reason prompt (a one-field form)', () => {
  it('a required reason left empty gets its problem under the field and the dialog stays; once written it is answered, trimmed', { timeout: 30_000 }, async () => {
    renderApp(<Asker options={{ title: '驳回申请', label: '驳回原因', required: true, okText: '驳回' }} />);
    ask();
    const dialog = await screen.findByRole('dialog');
    ok(dialog, '驳回');
    expect(await within(dialog).findByText('[驳回原因]不能为空')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('驳回原因')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('answer')).toHaveTextContent('…');
    fireEvent.change(within(dialog).getByLabelText('驳回原因'), { target: { value: '  单位不符 ' } });
    ok(dialog, '驳回');
    await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('「单位不符」'));
  });

  it('checks with the call’s own rule when given; a note may stay empty', { timeout: 30_000 }, async () => {
    const rule = z.string().trim().refine((text) => text === '' || text.startsWith('https://'), { error: '链接须以 https:// 开头' });
    renderApp(<Asker options={{ title: '链接', label: '链接地址', rule, initial: 'ftp://x', okText: '确定' }} />);
    ask();
    const dialog = await screen.findByRole('dialog');
    ok(dialog, '确定');
    expect(await within(dialog).findByText('链接须以 https:// 开头')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('链接地址'), { target: { value: '' } });
    ok(dialog, '确定');
    await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('「」'));
  });
});
