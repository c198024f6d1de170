import { Link } from 'react-router';
import type { NearTechnique } from '@lab/contract';
import { EmptyState } from './empty-state';
import { projectQueryPath } from './links';

const popular = ['XRD', '扫描电镜', 'XPS', '透射电镜', '核磁共振', '比表面积'];

/**
 * A search that found nothing: says so, offers the techniques near the query (or popular ones),
 * and 发布需求 with the query filled in, so the lab can quote what it does not list.
 */
export function NothingFound({ keyword, near }: { keyword: string; near: NearTechnique[] }) {
  return (
    <EmptyState className="cat-empty" description={`没有找到与“${keyword}”相关的检测项目`}>
      {near.length > 0 ? (
        <p className="cat-suggest">
          相近的技术：
          {near.map((t) => (
            <Link key={t.childId} to={projectQueryPath({ typeId: t.typeId, title: t.name, groupId: t.groupId, childId: t.childId })}>
              {t.name}
            </Link>
          ))}
        </p>
      ) : (
        <p className="cat-suggest">
          换个关键词试试：
          {popular.map((word) => (
            <Link key={word} to={`/search?kw=${encodeURIComponent(word)}`}>
              {word}
            </Link>
          ))}
        </p>
      )}
      <p className="cat-suggest cat-require">
        没有您要的测试？
        <Link className="cat-require-link" to={`/require?q=${encodeURIComponent(keyword)}`}>
          发布需求
        </Link>
        ，工程师评估后为您报价；或 <Link to="/contact">联系顾问</Link>
      </p>
    </EmptyState>
  );
}
