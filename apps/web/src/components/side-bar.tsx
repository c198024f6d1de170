import { CarOutlined, ClockCircleOutlined, PhoneOutlined, QrcodeOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { qrCodes, siteInfo } from '../lib/site-info';
import { QrImage } from './qr-image';
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

const sideQrs = qrCodes.filter((qr) => qr.key !== 'consult');

/** Fixed on the right: QR codes, the hotline, working hours and back-to-top (spec). */
export function SideBar() {
  const contact = useSiteContact();
  return (
    <aside className="side-bar" aria-label="快捷服务">
      <div className="side-item side-hide-mobile" tabIndex={0}>
        <QrcodeOutlined />
        <span className="side-label">扫码关注</span>
        <div className="side-pop side-pop-qr">
          {sideQrs.map((qr) => (
            <figure key={qr.key}>
              <QrImage value={qr.path} label={qr.label} size={104} />
              <figcaption>{qr.label}</figcaption>
            </figure>
          ))}
        </div>
      </div>
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
      <button type="button" className="side-item side-top" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
        <VerticalAlignTopOutlined />
        <span className="side-label">返回顶部</span>
      </button>
    </aside>
  );
}
