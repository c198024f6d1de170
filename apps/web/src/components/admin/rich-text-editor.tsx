import { useEffect } from 'react';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { Button, Tooltip, Upload } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  UnderlineOutlined,
  OrderedListOutlined,
  UnorderedListOutlined,
  LinkOutlined,
  PictureOutlined,
  UndoOutlined,
  RedoOutlined,
  ClearOutlined,
} from '@ant-design/icons';
import { z } from 'zod';
import { useReasonPrompt } from './reason-prompt';
import { useImagePicker } from './image-upload';
import { TableTools } from './rich-text-table-tools';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  'aria-label'?: string;
}

/** A link: an address on the web or on this site (empty removes it). */
const linkRule = z
  .string()
  .trim()
  .refine((href) => href === '' || href === 'https://' || /^(https?:\/\/|\/|mailto:|tel:)/.test(href), { error: '链接须以 https://、http:// 或 / 开头' });

function ToolButton({ title, active = false, onClick, children }: { title: string; active?: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <Tooltip title={title} mouseEnterDelay={0.4}>
      <Button size="small" type={active ? 'primary' : 'text'} aria-label={title} aria-pressed={active} onMouseDown={(event) => event.preventDefault()} onClick={onClick}>
        {children}
      </Button>
    </Tooltip>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const chain = () => editor.chain().focus();
  const picker = useImagePicker((image) => chain().setImage({ src: image.url, alt: '' }).run());
  const prompt = useReasonPrompt();
  return (
    <div className="admin-rich-text-toolbar" role="toolbar" aria-label="格式">
      <ToolButton title="加粗" active={editor.isActive('bold')} onClick={() => chain().toggleBold().run()}><BoldOutlined /></ToolButton>
      <ToolButton title="斜体" active={editor.isActive('italic')} onClick={() => chain().toggleItalic().run()}><ItalicOutlined /></ToolButton>
      <ToolButton title="下划线" active={editor.isActive('underline')} onClick={() => chain().toggleUnderline().run()}><UnderlineOutlined /></ToolButton>
      <ToolButton title="二级标题" active={editor.isActive('heading', { level: 2 })} onClick={() => chain().toggleHeading({ level: 2 }).run()}>H2</ToolButton>
      <ToolButton title="三级标题" active={editor.isActive('heading', { level: 3 })} onClick={() => chain().toggleHeading({ level: 3 }).run()}>H3</ToolButton>
      <ToolButton title="无序列表" active={editor.isActive('bulletList')} onClick={() => chain().toggleBulletList().run()}><UnorderedListOutlined /></ToolButton>
      <ToolButton title="有序列表" active={editor.isActive('orderedList')} onClick={() => chain().toggleOrderedList().run()}><OrderedListOutlined /></ToolButton>
      <ToolButton title="引用" active={editor.isActive('blockquote')} onClick={() => chain().toggleBlockquote().run()}>“ ”</ToolButton>
      <ToolButton
        title="链接"
        active={editor.isActive('link')}
        onClick={async () => {
          const current = editor.getAttributes('link').href as string | undefined;
          const href = await prompt({ title: '链接', label: '链接地址', placeholder: 'https://…，留空则移除链接', initial: current ?? 'https://', maxLength: 500, rule: linkRule, okText: '确定' });
          if (href === null) return;
          if (href === '' || href === 'https://') chain().extendMarkRange('link').unsetLink().run();
          else chain().extendMarkRange('link').setLink({ href }).run();
        }}
      >
        <LinkOutlined />
      </ToolButton>
      <TableTools editor={editor} />
      <Upload {...picker.props}>
        <ToolButton title="插入图片" onClick={() => undefined}><PictureOutlined /></ToolButton>
      </Upload>
      <ToolButton title="清除格式" onClick={() => chain().unsetAllMarks().clearNodes().run()}><ClearOutlined /></ToolButton>
      <ToolButton title="撤销" onClick={() => chain().undo().run()}><UndoOutlined /></ToolButton>
      <ToolButton title="重做" onClick={() => chain().redo().run()}><RedoOutlined /></ToolButton>
    </div>
  );
}

/** What the editor knows: text it does not know (a table without TableKit) it would flatten into paragraphs. */
export const richTextExtensions = [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, autolink: true } }), Image, TableKit.configure({ table: { resizable: false } })];

/**
 * The editor for staff-written rich text (articles, pages, item descriptions, agreements, with
 * headings and tables). It writes plain
 * HTML; the server cleans every save again (sanitize-html), so what reaches the site is safe
 * whatever is sent. Loaded only by the back office's editing screens.
 */
export default function RichTextEditor({ value = '', onChange, ...rest }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: richTextExtensions,
    content: value,
    editorProps: { attributes: { 'aria-label': rest['aria-label'] ?? '正文', role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: current }) => onChange?.(current.isEmpty ? '' : current.getHTML()),
  });

  // a value set from outside (the record loaded after the form) replaces the content
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;
  return (
    <div className="admin-rich-text">
      <Toolbar editor={editor} />
      <div className="admin-rich-text-content">
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
