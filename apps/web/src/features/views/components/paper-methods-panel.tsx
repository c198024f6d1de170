import { useState } from 'react';
import { Alert, Button, Skeleton, Tag } from 'antd';
import { CopyOutlined, FileTextOutlined, FileWordOutlined, ReadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { PaperMethods } from '@lab/contract';
import { copyText } from '../../../lib/copy-text';
import { feedback } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { downloadMethods, usePaperMethods } from '../api/paper-methods';
import './paper-methods.css';

function CopyButton({ text, label }: { text: string; label: string }) {
  return (
    <Button size="small" type="link" icon={<CopyOutlined />} aria-label={label} onClick={() => void copyText(text).then((ok) => (ok ? feedback.success('已复制') : feedback.error('复制失败，请手动选择文字复制')))}>
      复制
    </Button>
  );
}

function Block({ title, text, lang }: { title: string; text: string; lang: 'zh' | 'en' }) {
  return (
    <div className="pm-block">
      <div className="pm-block-head">
        <span className="pm-block-title">{title}</span>
        <CopyButton text={text} label={`复制${title}`} />
      </div>
      <p className="pm-text" lang={lang === 'zh' ? 'zh-CN' : 'en'}>
        {text}
      </p>
    </div>
  );
}

function Methods({ methods }: { methods: PaperMethods }) {
  const download = useApiMutation({ mutationFn: (kind: 'txt' | 'docx') => downloadMethods(methods.orderNo, kind, methods.draft), onSuccess: (name) => feedback.success(`已下载 ${name}`) });
  const allZh = methods.tests.map((t) => t.zh).join('\n');
  const allEn = methods.tests.map((t) => t.en).join('\n');
  return (
    <div className="pm-panel" data-testid="paper-methods">
      {methods.draft ? (
        <Alert type="warning" showIcon title={<><Tag color="orange">草稿</Tag>实验室尚未确认实际测试条件</>} description="以下文字按下单时所选条件生成；实验室确认后此处自动更新为正式版本，请届时再复制或下载。" />
      ) : (
        <Alert type="success" showIcon title="实验室已确认测试条件" description={methods.confirmedAt ? `确认于 ${formatDateTime(methods.confirmedAt)}` : undefined} />
      )}
      <p className="pm-code">
        引用代码 <strong data-testid="citation-code">{methods.citationCode}</strong>
        <CopyButton text={methods.citationCode} label="复制引用代码" />
      </p>
      {methods.tests.map((t, i) => (
        <section key={`${t.name}-${i}`} className="pm-test" aria-label={t.name}>
          <h3 className="pm-test-name">
            {t.name}
            {t.described ? null : <Tag className="pm-tag">仪器信息待实验室补充</Tag>}
          </h3>
          <Block title="实验方法（中文）" text={t.zh} lang="zh" />
          <Block title="Methods (English)" text={t.en} lang="en" />
        </section>
      ))}
      <section className="pm-test" aria-label="致谢">
        <h3 className="pm-test-name">致谢 / Acknowledgements</h3>
        <Block title="致谢（中文）" text={methods.acknowledgement.zh} lang="zh" />
        <Block title="Acknowledgements (English)" text={methods.acknowledgement.en} lang="en" />
      </section>
      <div className="pm-actions">
        {methods.tests.length > 1 ? <CopyButton text={`${allZh}\n\n${allEn}`} label="复制全部方法" /> : null}
        <Button icon={<FileTextOutlined />} loading={download.isPending && download.variables === 'txt'} onClick={() => download.mutate('txt')}>
          下载 .txt
        </Button>
        <Button icon={<FileWordOutlined />} loading={download.isPending && download.variables === 'docx'} onClick={() => download.mutate('docx')}>
          下载 .docx
        </Button>
      </div>
      <p className="member-muted pm-hint">
        论文发表后，在 <Link to="/member/integral">我的积分</Link> 申请论文致谢奖励时填写引用代码，审核通过即得积分。
      </p>
    </div>
  );
}

/** 生成论文方法与致谢 on a delivered order: asked for when opened; 草稿 until the lab confirmed the conditions used. */
export function PaperMethodsPanel({ orderNo }: { orderNo: string }) {
  const [open, setOpen] = useState(false);
  const { data, isPending, isError, error } = usePaperMethods(orderNo, open);
  return (
    <section className="member-card" aria-label="论文方法与致谢">
      <h2 className="member-card-title">论文方法与致谢</h2>
      <p className="member-muted ord-section-lead">按实验室登记的仪器型号、制造商与实际测试条件，生成论文“实验方法”段落（中英文）与致谢语。</p>
      {open ? null : (
        <Button type="primary" icon={<ReadOutlined />} onClick={() => setOpen(true)}>
          生成论文方法与致谢
        </Button>
      )}
      {open && isPending ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
      {open && isError ? <Alert type="error" showIcon title="生成失败" description={error.message} /> : null}
      {open && data ? <Methods methods={data} /> : null}
    </section>
  );
}
