import { Empty, Tag } from 'antd';
import type { DiffLine } from './agreement-diff';

const kindLabels: Record<DiffLine['kind'], string> = { heading: '标题', text: '', row: '表格行' };
const changeLabels: Record<DiffLine['change'], string> = { same: '', added: '新增', removed: '删除' };

/** How the text will read on the site (the same rich-text styles as the agreement page). */
export function AgreementPreview({ title, body }: { title: string; body: string }) {
  return (
    <article className="admin-agreement-preview" aria-label="预览">
      <h1>{title || '（未填写标题）'}</h1>
      {body ? <div className="cnt-rich" dangerouslySetInnerHTML={{ __html: body }} /> : <Empty description="正文为空" />}
    </article>
  );
}

/** 与现行版本对比: every heading, paragraph and table row, the removed struck through in red, the added in green. */
export function AgreementDiff({ lines, currentVersion }: { lines: DiffLine[]; currentVersion: number | null }) {
  const added = lines.filter((l) => l.change === 'added').length;
  const removed = lines.filter((l) => l.change === 'removed').length;
  if (currentVersion === null) return <p className="admin-muted">尚无现行版本，发布后即为第 1 版。</p>;
  return (
    <div className="admin-agreement-diff" aria-label="与现行版本对比">
      <p className="admin-muted" data-testid="agreement-diff-summary">
        与现行第 {currentVersion} 版相比：新增 {added} 处，删除 {removed} 处{added + removed === 0 ? '（内容相同）' : ''}
      </p>
      <ol>
        {lines.map((line, index) =>
          line.change === 'same' && line.kind === 'text' ? null : (
            <li key={index} className={`is-${line.change} is-${line.kind}`}>
              {line.change !== 'same' ? <Tag color={line.change === 'added' ? 'green' : 'red'}>{changeLabels[line.change]}</Tag> : null}
              {kindLabels[line.kind] ? <span className="admin-muted">{kindLabels[line.kind]}：</span> : null}
              {line.change === 'removed' ? <del>{line.text}</del> : line.change === 'added' ? <ins>{line.text}</ins> : line.text}
            </li>
          ),
        )}
      </ol>
    </div>
  );
}
