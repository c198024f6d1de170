import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import type { PaperMethods } from '@lab/contract';

/** The .docx of 论文方法与致谢 (docx library): the same parts as the .txt, 草稿 in red on top while a draft. */
export async function paperMethodsDocx(methods: PaperMethods): Promise<Buffer> {
  const text = (value: string) => new Paragraph({ children: [new TextRun({ text: value, font: { ascii: 'Times New Roman', eastAsia: 'SimSun', hAnsi: 'Times New Roman' } })], spacing: { after: 160 } });
  const heading = (value: string) => new Paragraph({ text: value, heading: HeadingLevel.HEADING_2 });
  const children: Paragraph[] = [];
  if (methods.draft) {
    children.push(new Paragraph({ children: [new TextRun({ text: '【草稿】实验室尚未确认实际测试条件，以下文字按下单时所选条件生成，确认后请重新生成。', bold: true, color: 'C00000' })] }));
  }
  children.push(new Paragraph({ text: '论文方法与致谢', heading: HeadingLevel.TITLE }), text(`订单 ${methods.orderNo} · 引用代码 ${methods.citationCode}`));
  children.push(heading('实验方法（中文）'));
  for (const t of methods.tests) children.push(new Paragraph({ children: [new TextRun({ text: t.name, bold: true })] }), text(t.zh));
  children.push(heading('Methods (English)'));
  for (const t of methods.tests) children.push(text(t.en));
  children.push(heading('致谢 / Acknowledgements'), text(methods.acknowledgement.zh), text(methods.acknowledgement.en));
  const doc = new Document({ creator: '科研检测服务商城', title: `论文方法与致谢 ${methods.orderNo}`, sections: [{ children }] });
  return Packer.toBuffer(doc);
}
