import type { ThanksEntry } from '@lab/contract';
import { safeExternal } from './links';
import './thanks-table.css';

/** The spec's six columns, in its order. */
export const thanksColumns = [
  { key: 'company', label: '作者信息' },
  { key: 'title', label: '服务项目' },
  { key: 'code', label: '期刊信息' },
  { key: 'content', label: '致谢内容' },
  { key: 'sketch', label: '文章摘要' },
  { key: 'source', label: '原文链接' },
] as const;

/** A plain, light table (the home page has a tight JS budget); stacks into cards on phones. */
export function ThanksTable({ rows, caption }: { rows: ThanksEntry[]; caption: string }) {
  return (
    <div className="th-wrap">
      <table className="th-table">
        <caption className="th-caption">{caption}</caption>
        <thead>
          <tr>
            {thanksColumns.map((column) => (
              <th key={column.key} scope="col" className={`th-col-${column.key}`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const source = safeExternal(row.source);
            return (
              <tr key={`${row.code}-${index}`}>
                <td data-label="作者信息" className="th-col-company">{row.company}</td>
                <td data-label="服务项目" className="th-col-title">{row.title}</td>
                <td data-label="期刊信息" className="th-col-code">{row.code}</td>
                <td data-label="致谢内容" className="th-col-content">
                  <span className="th-clamp" title={row.content}>{row.content}</span>
                </td>
                <td data-label="文章摘要" className="th-col-sketch">
                  <span className="th-clamp" title={row.sketch}>{row.sketch}</span>
                </td>
                <td data-label="原文链接" className="th-col-source">
                  {source ? (
                    <a href={source} target="_blank" rel="noopener noreferrer">
                      查看原文
                    </a>
                  ) : (
                    <span className="th-muted">暂无</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
