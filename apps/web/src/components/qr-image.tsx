import { useEffect, useRef, useState } from 'react';
import type * as QrCodeLib from 'qrcode';

type QrModule = typeof QrCodeLib;

let qrModule: Promise<QrModule> | null = null;
/** The encoder loads on first use, so it stays out of the first page's script. */
const loadQr = () => {
  qrModule ??= import('qrcode').then((mod) => (mod as QrModule & { default?: QrModule }).default ?? mod);
  return qrModule;
};

/** Whether the element is (nearly) on screen; the footer's and side bar's codes wait for it. */
function useNearViewport(ref: React.RefObject<HTMLElement | null>) {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: '300px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}

/** A real QR code of `value` (a URL of this site), drawn as SVG once it is near the screen. */
export function QrImage({ value, label, size = 108 }: { value: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  const box = useRef<HTMLSpanElement>(null);
  const near = useNearViewport(box);

  useEffect(() => {
    if (!near) return;
    let live = true;
    loadQr()
      .then((qr) => qr.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#0b1f3a', light: '#ffffff' } }))
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [value, near]);

  return (
    <span className="qr-image" ref={box} style={{ width: size, height: size }} data-value={value}>
      {src ? <img src={src} alt={`${label}二维码`} width={size} height={size} /> : null}
    </span>
  );
}
