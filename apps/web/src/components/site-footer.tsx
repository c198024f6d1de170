import { EnvironmentOutlined, MailOutlined, PhoneOutlined, ClockCircleOutlined } from './icons';
import { Link } from 'react-router';
import { projectPath, serviceTypes, siteInfo, siteQrCodes } from '../lib/site-info';
import { Logo } from './logo';
import { useSiteContact } from '../lib/site-contact';
import { SiteFilings } from './site-filings';

/**
 * The footer. Its QR codes are the real accounts' images uploaded in 站点设置 (公众号, 业务咨询 —
 * a 企业微信 code —, 小程序), each shown only when set: a code that opened a page of this site
 * would pretend to be an account.
 */
export function SiteFooter() {
  const contact = useSiteContact();
  const identity = contact.identity;
  const codes = identity ? siteQrCodes.filter((qr) => identity[qr.key]) : [];
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section className="footer-brand" aria-label="联系方式">
          <Logo inverse />
          <ul className="footer-contact">
            <li>
              <EnvironmentOutlined /> 地址：{contact.address}
            </li>
            <li>
              <PhoneOutlined /> 电话：<a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
            </li>
            <li>
              <MailOutlined /> 邮箱：<a href={`mailto:${contact.email}`}>{contact.email}</a>
            </li>
            <li>
              <ClockCircleOutlined /> 工作时间：{siteInfo.workingHours}
            </li>
          </ul>
        </section>
        <nav className="footer-links" aria-label="检测服务">
          <h2>检测服务</h2>
          {serviceTypes.map((type) => (
            <Link key={type.typeId} to={projectPath(type.typeId, type.title)}>
              {type.title}服务
            </Link>
          ))}
          <Link to="/require">发布需求</Link>
        </nav>
        <nav className="footer-links" aria-label="帮助中心">
          <h2>帮助中心</h2>
          <Link to="/guide">下单指南</Link>
          <Link to="/televised">能力展示</Link>
          <Link to="/list/news">新闻动态</Link>
          <Link to="/list/course">课程培训</Link>
        </nav>
        <nav className="footer-links" aria-label="关于我们">
          <h2>关于我们</h2>
          <Link to="/about">公司简介</Link>
          <Link to="/contact">联系我们</Link>
          <Link to="/license">资质证书</Link>
          <Link to="/agreement/user">用户协议</Link>
          <Link to="/agreement/privacy">隐私政策</Link>
        </nav>
        {identity && codes.length > 0 ? (
          <section className="footer-qr" aria-label="扫码关注">
            {codes.map((qr) => (
              <figure key={qr.key}>
                <span className="qr-image">
                  <img src={identity[qr.key]} alt={`${qr.label}二维码`} width={96} height={96} loading="lazy" />
                </span>
                <figcaption>{qr.label}</figcaption>
              </figure>
            ))}
          </section>
        ) : null}
      </div>
      <div className="footer-bottom">
        {/* the server's copy of the page may be from last year on New Year's Day */}
        <div className="container" suppressHydrationWarning>
          © {new Date().getFullYear()} {siteInfo.name} 版权所有
          <SiteFilings identity={contact.identity} />
        </div>
      </div>
    </footer>
  );
}
