import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Swiper as SwiperClass } from 'swiper/types';

const query = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const list = window.matchMedia(query);
  list.addEventListener?.('change', onChange);
  return () => list.removeEventListener?.('change', onChange);
}

/** True when the visitor asked the system for less motion: carousels then stay still. */
export function usePrefersReducedMotion() {
  return useSyncExternalStore(
    subscribe,
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/**
 * A carousel's autoplay, kept in step with the visitor's motion setting. Swiper reads its
 * autoplay option once, when it starts, and a server-drawn page starts it while hydrating,
 * before the browser's answer replaces the server's "motion allowed": so it is stopped (back
 * on the first slide, where it stood) or started here whenever that answer, or the setting,
 * changes. Pass `onSwiper` to <Swiper>.
 */
export function useCarouselMotion(autoplay: boolean) {
  const still = usePrefersReducedMotion();
  const [swiper, setSwiper] = useState<SwiperClass | null>(null);
  useEffect(() => {
    if (!swiper || swiper.destroyed || !autoplay) return;
    if (still) {
      if (swiper.autoplay.running) swiper.autoplay.stop();
      swiper.slideToLoop(0, 0, false);
    } else if (!swiper.autoplay.running) swiper.autoplay.start();
  }, [swiper, still, autoplay]);
  return { still, onSwiper: setSwiper };
}
