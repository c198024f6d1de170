import type { ArticleSummary } from '@lab/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { caseTarget, formatDate } from './links';

/** Ability cases with an external source open it in a new tab; everything else opens /article/{rid}. */
function ArticleLink({ item, children }: { item: ArticleSummary; children: ReactNode }) {
  const target = item.kind === 'service' ? caseTarget(item) : { kind: 'internal' as const, to: `/article/${encodeURIComponent(item.rid)}` };
  if (target.kind === 'external') {
    return (
      <a className="cat-article" href={target.href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return (
    <Link className="cat-article" to={target.kind === 'internal' ? target.to : '/'}>
      {children}
    </Link>
  );
}

export function ArticleItem({ item, index }: { item: ArticleSummary; index: number }) {
  return (
    <ArticleLink item={item}>
      <span className="cat-article-media">
        <img src={item.img} alt={item.title} width={240} height={135} loading={index < 3 ? 'eager' : 'lazy'} decoding="async" />
      </span>
      <span className="cat-article-body">
        <h2 className="cat-article-title">{item.title}</h2>
        <span className="cat-article-sketch">{item.sketch}</span>
        <span className="cat-article-meta">
          <time dateTime={formatDate(item.created)}>{formatDate(item.created)}</time>
          <span>{item.views} 次阅读</span>
          {item.kind === 'service' && item.source ? <span>外部原文</span> : null}
        </span>
      </span>
    </ArticleLink>
  );
}
