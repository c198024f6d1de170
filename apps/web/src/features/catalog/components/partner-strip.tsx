import type { PartnerLogo } from '@lab/contract';
import { Swiper, SwiperSlide } from 'swiper/react';
import { Autoplay } from 'swiper/modules';
import 'swiper/css';
import { SectionHeading } from './section-heading';
import { useCarouselMotion } from '../hooks/use-reduced-motion';

/** Spec numbers: loops, speed 10000 ms, autoplay delay 0, 2 per view, 4 from 961 px wide. */
export const partnerSwiperOptions = {
  loop: true,
  speed: 10000,
  autoplay: { delay: 0, disableOnInteraction: false },
  slidesPerView: 2,
  spaceBetween: 16,
  breakpoints: { 961: { slidesPerView: 4, spaceBetween: 24 } },
  allowTouchMove: false,
} as const;

/** Loop mode needs more slides than are on view: repeat the logos until there are at least 8. */
export function loopSlides(logos: PartnerLogo[], min = 8) {
  if (logos.length === 0) return [];
  const slides: { logo: PartnerLogo; copy: number }[] = [];
  for (let copy = 0; slides.length < Math.max(min, logos.length); copy += 1) {
    for (const logo of logos) slides.push({ logo, copy });
  }
  return slides;
}

export default function PartnerStrip({ logos }: { logos: PartnerLogo[] }) {
  const slides = loopSlides(logos);
  const { still, onSwiper } = useCarouselMotion(slides.length > 0);
  return (
    <section className="hp-section hp-partners" aria-labelledby="hp-partners-title">
      <div className="hp-container">
        <SectionHeading id="hp-partners-title" title="合作机构" subtitle="与众多高校、科研院所及企业长期合作" />
        {slides.length === 0 ? null : (
          <Swiper
            modules={[Autoplay]}
            {...partnerSwiperOptions}
            autoplay={still ? false : partnerSwiperOptions.autoplay}
            className="hp-partner-swiper"
            onSwiper={onSwiper}
          >
            {slides.map(({ logo, copy }, index) => (
              <SwiperSlide key={`${logo.img}-${index}`} aria-hidden={copy > 0 ? true : undefined}>
                <div className="hp-partner">
                  <img src={logo.img} alt={copy > 0 ? '' : logo.name} width={200} height={80} loading="lazy" decoding="async" />
                </div>
              </SwiperSlide>
            ))}
          </Swiper>
        )}
      </div>
    </section>
  );
}
