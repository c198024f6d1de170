import { useEffect, useRef, useState, type RefObject } from 'react';
import { CarOutlined, ClockCircleOutlined, PhoneOutlined, QrcodeOutlined, VerticalAlignTopOutlined } from './icons';
import { siteInfo, siteQrCodes } from '../lib/site-info';
import { hasToken } from '../lib/session';
import { loginPanel } from '../lib/login-panel';
import { samplingDialog } from './member/sampling-dialog-store';
import { SamplingDialogHost } from './member/sampling-dialog-host';
import { useSiteContact } from '../lib/site-contact';

/** 上门取样: the dialog for a member; the login panel first for a visitor. */
function bookPickup() {
  if (hasToken()) samplingDialog.open();
  else loginPanel.open({ view: 'sign', intended: '/member/sample' });
}


/** What the floating button must never sit on: a person could not see or tap what they type into. */
const FORM_FIELDS = 'input:not([type="hidden"]), textarea, select, [contenteditable="true"]';

function coversField(button: HTMLElement) {
  const own = button.getBoundingClientRect();
  // not laid out (display: none on this screen size): nothing to cover
  if (own.width === 0) return false;
  for (const field of document.querySelectorAll<HTMLElement>(FORM_FIELDS)) {
    const box = field.getBoundingClientRect();
    if (box.width > 0 && box.left < own.right && box.right > own.left && box.top < own.bottom && box.bottom > own.top) return true;
  }
  return false;
}

/**
 * 返回顶部 is offered once the page has been scrolled half a screen down (at the top it has no
 * use, and on a phone it floats over the first screen's text), and is put away while a form
 * field lies under it. Hidden by visibility, not removed, so its place can still be measured;
 * checked once per frame while scrolling.
 */
function useBackToTop(button: RefObject<HTMLButtonElement | null>) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const scrolled = window.scrollY > window.innerHeight / 2;
      setShown(scrolled && !(button.current && coversField(button.current)));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [button]);
  return shown;
}

/** Fixed on the right: QR codes, the hotline, working hours and back-to-top (spec). */
export function SideBar() {
  const contact = useSiteContact();
  // the real accounts' codes set in 站点设置 (业务咨询 has the hotline below)
  const identity = contact.identity;
  const sideQrs = identity ? siteQrCodes.filter((qr) => qr.key !== 'qrConsult' && identity[qr.key]) : [];
  const topButton = useRef<HTMLButtonElement>(null);
  const topShown = useBackToTop(topButton);
  return (
    <aside className="side-bar" aria-label="快捷服务">
      {identity && sideQrs.length > 0 ? (
        <div className="side-item side-hide-mobile" tabIndex={0}>
          <QrcodeOutlined />
          <span className="side-label">扫码关注</span>
          <div className="side-pop side-pop-qr">
            {sideQrs.map((qr) => (
              <figure key={qr.key}>
                <span className="qr-image">
                  <img src={identity[qr.key]} alt={`${qr.label}二维码`} width={104} height={104} loading="lazy" />
                </span>
                <figcaption>{qr.label}</figcaption>
              </figure>
            ))}
          </div>
        </div>
      ) : null}
      <a className="side-item side-hide-mobile" href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>
        <PhoneOutlined />
        <span className="side-label">服务热线</span>
        <div className="side-pop">
          <small>业务咨询，欢迎来电</small>
          <strong>{contact.phone}</strong>
        </div>
      </a>
      <div className="side-item side-hide-mobile" tabIndex={0}>
        <ClockCircleOutlined />
        <span className="side-label">工作时间</span>
        <div className="side-pop">
          <small>客服在线时间</small>
          <strong>{siteInfo.workingHours}</strong>
        </div>
      </div>
      <button type="button" className="side-item side-hide-mobile" onClick={bookPickup}>
        <CarOutlined />
        <span className="side-label">上门取样</span>
      </button>
      <SamplingDialogHost />
      <button ref={topButton} type="button" className={topShown ? 'side-item side-top' : 'side-item side-top is-away'} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
        <VerticalAlignTopOutlined />
        <span className="side-label">返回顶部</span>
      </button>
    </aside>
  );
}
