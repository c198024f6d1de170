import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgreementSignView } from '@lab/contract';
import { createTestContext, lastSmsCode, type TestContext } from '../../../test/harness';
import { tmpRoot } from '../../../test/template';
import { seedAgreements } from '../content/agreements.seed';
import { htmlBlocks } from './agreement-clauses';
import { post, progressCalls, progressContext } from './desk/progress.test-helpers';

/**
 * Issue 32: in the signed agreement's PDF a heading of the published 委托检测服务条款 ran into the
 * paragraph before it (the seed's 八、责任限制 is a bare <strong> followed by <h2>九、争议解决</h2>, and
 * only closing tags ended a line). The terms' HTML now becomes headings, paragraphs and list items,
 * and the PDF sets each heading on a line of its own with space above it.
 */

describe('the published terms as blocks (htmlBlocks)', () => {
  it('a heading right after text outside a paragraph stands alone; opening and closing block tags both end a line', () => {
    expect(htmlBlocks('<h2>八、责任限制</h2><strong>赔偿以实付为限。</strong><h2>九、争议解决</h2><p>协商解决。</p>')).toEqual([
      { kind: 'heading', text: '八、责任限制' },
      { kind: 'paragraph', text: '赔偿以实付为限。' },
      { kind: 'heading', text: '九、争议解决' },
      { kind: 'paragraph', text: '协商解决。' },
    ]);
    expect(htmlBlocks('前言<h3 class="x">一、总则</h3>正文<br>第二行<ul><li>甲</li><li><p>乙</p></li></ul>&amp; 尾')).toEqual([
      { kind: 'paragraph', text: '前言' },
      { kind: 'heading', text: '一、总则' },
      { kind: 'paragraph', text: '正文' },
      { kind: 'paragraph', text: '第二行' },
      { kind: 'item', text: '甲' },
      { kind: 'item', text: '乙' },
      { kind: 'paragraph', text: '& 尾' },
    ]);
  });
});

let t: TestContext;
let ctx: Awaited<ReturnType<typeof progressContext>>;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  ctx = await progressContext(t);
  await seedAgreements(t.db, t.clock.now());
});
afterAll(() => t.close());

const { order } = progressCalls(() => ({ t, ctx }));

describe('the signed agreement’s PDF', () => {
  it('sets every heading of the published terms on its own line (text extraction), and renders to an image', async () => {
    const { m, row } = await order({ progress: 'awaiting_sample' });
    const read = await post<AgreementSignView>(t, '/api/auth/order/agreement', m, { order_no: row.orderNo });
    expect(read.data.document.termsVersion).toBe(1);
    const headings = read.data.document.clauses.filter((c) => c.kind === 'heading').map((c) => c.text);
    expect(headings).toEqual(['一、样品信息与安全', '二、样品寄送、接收与处置', '三、检测与数据交付', '四、复测与异议', '五、保密', '六、数据与报告的使用', '七、费用、支付与退款', '八、责任限制', '九、争议解决', '十、其他', '本订单付款约定']);

    expect(await post(t, '/api/auth/order/agreement/code', m, { order_no: row.orderNo })).toMatchObject({ code: 1 });
    const signed = await post<AgreementSignView>(t, '/api/auth/order/agreement/sign', m, { order_no: row.orderNo, code: await lastSmsCode(t.db, m.member.phone), content_sha256: read.data.contentSha256 });
    expect(signed).toMatchObject({ code: 1, data: { status: 'confirmed' } });
    const pdf = await t.app.inject({ method: 'GET', url: '/api/auth/order/agreement/pdf', query: { order_no: row.orderNo }, headers: { token: m.token } });
    expect(pdf.statusCode).toBe(200);

    const dir = path.join(tmpRoot, 'agreement-layout-test');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `agreement-${row.orderNo}.pdf`);
    fs.writeFileSync(file, pdf.rawPayload);
    let text: string;
    try {
      text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    } catch {
      return; // poppler-utils not installed (scripts/ensure-browser.sh installs it in CI)
    }
    const lines = text.split('\n').map((line) => line.trim());
    // the text lines, without the demo watermark's scattered characters (测试签章 仅供演示)
    const words = lines.filter((line) => line.length > 1);
    for (const heading of headings) expect(lines, `「${heading}」 on a line of its own`).toContain(heading);
    // the paragraph before 九、争议解决 ends on its own line, and the heading's text follows it
    const nine = words.indexOf('九、争议解决');
    expect(words[nine - 1]).toMatch(/间接损失（包括科研进度延误、预期成果损失）。$/);
    expect(words[nine + 1]).toMatch(/^因检测服务引起的争议，双方应友好协商解决/);
    expect(text).toContain('电子签署记录');
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
    execFileSync('pdftoppm', ['-r', '70', '-png', file, path.join(dir, `agreement-${row.orderNo}`)]);
    expect(fs.readdirSync(dir).filter((name) => name.startsWith(`agreement-${row.orderNo}-`) && name.endsWith('.png'))).toHaveLength(pages);
  });
});
