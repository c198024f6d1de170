import { useEffect } from 'react';
import { isCancelled } from '../../../lib/api';
import { feedback } from '../../../lib/feedback';
import { homeDataQueryOptions, useHomeData } from '../api/get-home-data';
import type { EnsurePageData } from '../../../lib/page-data';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { BannerCarousel } from '../components/banner-carousel';
import { ServiceTypeTiles } from '../components/service-type-tiles';
import { HotAreas } from '../components/hot-areas';
import { ServiceProcess } from '../components/service-process';
import { HotItems } from '../components/hot-items';
import { AbilityCases } from '../components/ability-cases';
import { HomeThanks } from '../components/home-thanks';
import PartnerStrip from '../components/partner-strip';
import '../components/home.css';

function HomeSkeleton() {
  return (
    <div className="hp-skeleton" aria-busy="true" aria-label="正在加载首页内容">
      <div className="hp-skeleton-banner" />
      <div className="hp-container">
        <div className="hp-skeleton-grid">
          {Array.from({ length: 8 }, (_, index) => (
            <div key={index} className="hp-skeleton-card" />
          ))}
        </div>
      </div>
    </div>
  );
}

/** The route loader's part (app/public-loaders.ts): the home data. */
export const ensurePageData: EnsurePageData = (client) => client.ensureQueryData(homeDataQueryOptions());

/**
 * Errors already shown: the page mounted again (coming back to it, or StrictMode's second
 * mount in development) finds the same cached error and must not say it twice.
 */
const toasted = new WeakSet<Error>();

export default function HomePage() {
  useDocumentTitle(null);
  const { data, error, isPending, refetch, isFetching } = useHomeData();

  // Spec §8: a home-data answer with a falsy code shows the server's message as an error toast.
  useEffect(() => {
    if (!error || isCancelled(error) || toasted.has(error)) return;
    toasted.add(error);
    feedback.error(error.message || '首页数据加载失败');
  }, [error]);

  if (isPending) return <HomeSkeleton />;

  if (!data) {
    return (
      <div className="hp-container hp-failed">
        <h1>首页内容暂时无法加载</h1>
        <p>{error?.message || '网络异常，请稍后重试。'}</p>
        <button type="button" className="hp-button" onClick={() => void refetch()} disabled={isFetching}>
          {isFetching ? '正在重试…' : '重新加载'}
        </button>
      </div>
    );
  }

  return (
    <div className="hp">
      <h1 className="hp-visually-hidden">科研检测服务商城 — 材料表征、分析测试与数据解析一站式服务</h1>
      <BannerCarousel banners={data.bannerArr} />
      <ServiceTypeTiles groups={data.typeArr} />
      <HotAreas areas={data.prefectureNavBottomArr} />
      <ServiceProcess />
      <HotItems items={data.hotItems} />
      <AbilityCases cases={data.serviceCaseArr} />
      <HomeThanks rows={data.thanksArr} />
      <PartnerStrip logos={data.partnerArr} />
    </div>
  );
}
