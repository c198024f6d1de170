import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { listTypeLabels, type ArticleDetail } from '@lab/contract';
import { siteInfo } from '../../../lib/site-info';
import { SkeletonBlock } from '../../../components/skeleton-block';
import { useArticle } from '../api/get-article';
import { useArticleList } from '../api/list-articles';
import { syncArticleViews } from '../api/sync-article-views';
import { Crumbs } from '../components/page-header';
import { QueryError } from '../../../components/query-error';
import { formatDate, safeExternal } from '../components/links';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../components/catalog.css';
import { useSiteContact } from '../../../lib/site-contact';

function LatestList({ article }: { article: ArticleDetail }) {
  const query = useArticleList({ kind: article.kind, page: 1, pageSize: 6 });
  const items = (query.data?.list ?? []).filter((item) => item.rid !== article.rid).slice(0, 5);
  return (
    <section className="cat-panel cat-side" aria-labelledby="cat-latest">
      <h2 id="cat-latest">最新{listTypeLabels[article.kind]}</h2>
      {query.isPending ? (
        <SkeletonBlock rows={4} title={false} />
      ) : items.length === 0 ? (
        <p className="cat-count">暂无更多内容</p>
      ) : (
        <ul className="cat-side-list">
          {items.map((item) => (
            <li key={item.rid}>
              <Link to={`/article/${encodeURIComponent(item.rid)}`}>{item.title}</Link>
              <small>{formatDate(item.created)}</small>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link className="cat-more-link" to={`/list/${article.kind}`}>
          查看全部{listTypeLabels[article.kind]} ›
        </Link>
      </p>
    </section>
  );
}

function ArticleView({ article }: { article: ArticleDetail }) {
  const contact = useSiteContact();
  const source = safeExternal(article.source);
  return (
    <div className="cat-article-layout">
      <article className="cat-panel">
        <header className="cat-article-head">
          <h1>{article.title}</h1>
          <p className="cat-article-meta">
            <time dateTime={formatDate(article.created)}>{formatDate(article.created)}</time>
            {article.author ? <span>作者：{article.author}</span> : null}
            <span>{article.views} 次阅读</span>
          </p>
        </header>
        <div className="cat-rich" dangerouslySetInnerHTML={{ __html: article.content }} />
        {source ? (
          <p className="cat-source">
            原文链接：
            <a href={source} target="_blank" rel="noopener noreferrer">
              {source}
            </a>
          </p>
        ) : null}
        <nav className="cat-prevnext" aria-label="上一篇与下一篇">
          <span>
            上一篇：{article.prev ? <Link to={`/article/${encodeURIComponent(article.prev.rid)}`}>{article.prev.title}</Link> : '没有了'}
          </span>
          <span>
            下一篇：{article.next ? <Link to={`/article/${encodeURIComponent(article.next.rid)}`}>{article.next.title}</Link> : '没有了'}
          </span>
        </nav>
      </article>
      <aside className="cat-aside">
        <LatestList article={article} />
        <section className="cat-panel cat-side cat-cta" aria-labelledby="cat-cta">
          <h2 id="cat-cta">需要测试服务？</h2>
          <p>专业顾问为您推荐测试方案，工作时间 {siteInfo.workingHours}。</p>
          <p className="cat-cta-phone">{contact.phone}</p>
          <Link className="cat-cta-button" to="/contact">
            在线咨询
          </Link>
        </section>
      </aside>
    </div>
  );
}

export default function ArticlePage() {
  const { id = '' } = useParams();
  const query = useArticle(id);
  useDocumentTitle(query.data?.title ?? (query.isError ? '文章不存在' : '文章详情'));

  // Counts one view per article opened.
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (!query.data || counted.current === query.data.rid) return;
    counted.current = query.data.rid;
    syncArticleViews(query.data.rid).catch(() => undefined);
  }, [query.data]);

  const kind = query.data?.kind;
  return (
    <div className="cat-page">
      <div className="cat-subbar">
        <div className="cat-container">
          <Crumbs
            className="cat-crumbs dt-crumbs"
            crumbs={[...(kind ? [{ label: listTypeLabels[kind], to: `/list/${kind}` }] : []), { label: query.data?.title ?? '文章详情' }]}
          />
        </div>
      </div>
      <div className="cat-container cat-body">
        {query.isPending ? (
          <div className="cat-panel" aria-busy="true">
            <SkeletonBlock rows={10} />
          </div>
        ) : query.data ? (
          <ArticleView article={query.data} />
        ) : (
          <QueryError error={query.error} onRetry={() => void query.refetch()} title="文章加载失败" />
        )}
      </div>
    </div>
  );
}
