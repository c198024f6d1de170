import { useEffect, useRef, useState } from 'react';
import type * as QrCodeLib from 'qrcode';
import { absoluteUrl } from '../lib/site-info';

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

/**
 * A real QR code of `value`, drawn as SVG once it is near the screen. A path ('/list/news')
 * is encoded as a full URL of the site the browser is on; the server, which draws the public
 * pages first, knows no origin to put in its HTML.
 */
export function QrImage({ value, label, size = 108 }: { value: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  const [encoded, setEncoded] = useState(value);
  const box = useRef<HTMLSpanElement>(null);
  const near = useNearViewport(box);

  useEffect(() => {
    if (!near) return;
    let live = true;
    const text = value.startsWith('/') ? absoluteUrl(value) : value;
    loadQr()
      .then((qr) => qr.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#0b1f3a', light: '#ffffff' } }))
      .then((svg) => {
        if (!live) return;
        setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
        setEncoded(text);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [value, near]);

  return (
    <span className="qr-image" ref={box} style={{ width: size, height: size }} data-value={encoded}>
      {src ? <img src={src} alt={`${label}二维码`} width={size} height={size} /> : null}
    </span>
  );
}
