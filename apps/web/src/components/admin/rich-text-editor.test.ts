import { describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { richTextExtensions } from './rich-text-editor';

describe('the rich-text editor', () => {
  it('keeps an agreement’s headings and table through editing (issue 31: 隐私政策 section 二 was flattened)', () => {
    const html = '<h2>二、我们如何使用个人信息</h2><table><tbody><tr><th><p>业务功能</p></th><th><p>个人信息</p></th></tr><tr><td><p>在线支付</p></td><td><p>订单号</p></td></tr></tbody></table><p>其余条款</p>';
    const editor = new Editor({ extensions: richTextExtensions, content: html });
    editor.commands.insertContentAt(editor.state.doc.content.size, '<p>（补充）</p>');
    const out = editor.getHTML();
    editor.destroy();
    expect(out).toContain('<h2>二、我们如何使用个人信息</h2>');
    expect(out).toMatch(/<table[^>]*>.*<th[^>]*><p>业务功能<\/p><\/th>.*<td[^>]*><p>订单号<\/p><\/td>.*<\/table>/s);
  });
});
