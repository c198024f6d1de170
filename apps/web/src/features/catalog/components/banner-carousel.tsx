import type { HomeBanner } from '@lab/contract';
import { Link } from 'react-router';
import { Swiper, SwiperSlide } from 'swiper/react';
import { Autoplay, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/pagination';
import { bannerTarget } from './links';
import { useCarouselMotion } from '../hooks/use-reduced-motion';

/** Spec numbers: loops, speed 1500 ms, autoplay every 5000 ms, clickable pagination. */
export const bannerSwiperOptions = {
  loop: true,
  speed: 1500,
  autoplay: { delay: 5000, disableOnInteraction: false, pauseOnMouseEnter: true },
  pagination: { clickable: true },
} as const;

function BannerContent({ banner, index }: { banner: HomeBanner; index: number }) {
  const hasText = Boolean(banner.title || banner.description);
  return (
    <>
      <span className="hp-banner-media">
        <img
          className="hp-banner-img"
          src={banner.img}
          alt={banner.title || banner.description || `首页横幅 ${index + 1}`}
          width={1920}
          height={480}
          loading={index === 0 ? 'eager' : 'lazy'}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          decoding="async"
        />
      </span>
      {hasText ? (
        <div className="hp-banner-text">
          <div className="hp-container">
            {banner.title ? <h2 className="hp-banner-title">{banner.title}</h2> : null}
            {banner.description ? <p className="hp-banner-desc">{banner.description}</p> : null}
          </div>
        </div>
      ) : null}
    </>
  );
}

/** One banner: an http link opens a new tab, another value is a rid for /detail, none is plain. */
export function BannerSlide({ banner, index }: { banner: HomeBanner; index: number }) {
  const target = bannerTarget(banner.redirect);
  if (target.kind === 'external') {
    return (
      <a className="hp-banner-slide" href={target.href} target="_blank" rel="noopener noreferrer" data-banner-index={index}>
        <BannerContent banner={banner} index={index} />
      </a>
    );
  }
  if (target.kind === 'internal') {
    return (
      <Link className="hp-banner-slide" to={target.to} data-banner-index={index}>
        <BannerContent banner={banner} index={index} />
      </Link>
    );
  }
  return (
    <div className="hp-banner-slide" data-banner-index={index}>
      <BannerContent banner={banner} index={index} />
    </div>
  );
}

export function BannerCarousel({ banners }: { banners: HomeBanner[] }) {
  const many = banners.length > 1;
  const { still, onSwiper } = useCarouselMotion(many);
  if (banners.length === 0) return null;
  return (
    <section className="hp-banner" aria-label="首页横幅">
      <Swiper
        modules={[Autoplay, Pagination]}
        {...bannerSwiperOptions}
        loop={many}
        autoplay={many && !still ? bannerSwiperOptions.autoplay : false}
        pagination={many ? bannerSwiperOptions.pagination : false}
        className="hp-banner-swiper"
        onSwiper={onSwiper}
      >
        {banners.map((banner, index) => (
          <SwiperSlide key={`${banner.img}-${index}`}>
            <BannerSlide banner={banner} index={index} />
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
