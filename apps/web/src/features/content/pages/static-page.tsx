import { EnvironmentOutlined, MailOutlined, PhoneOutlined, ClockCircleOutlined } from '../../../components/icons';
import { useLocation, useSearchParams } from 'react-router';
import { siteInfo } from '../../../lib/site-info';
import { NotFound } from '../../../components/not-found';
import { ConsultForm } from '../components/consult-form';
import { ContentBody } from '../components/content-body';
import { CertificateList } from '../components/certificate-list';
import { isStaticKey, pageLabels, type staticKeys } from '../components/page-labels';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PageHeader } from '../components/page-header';
import '../components/content.css';
import { useSiteContact } from '../../../lib/site-contact';

const leads: Record<(typeof staticKeys)[number], string> = {
  contact: '欢迎来电或在线留言，专业顾问为您推荐测试方案并提供报价。',
  guide: '从注册、下单、寄样到获取数据，一文了解完整流程。',
  license: '实验室资质与认证，确保每一份数据准确、可靠、可追溯。',
  policy: '我们如何收集、使用和保护您的个人信息。',
};

function ContactCards() {
  const contact = useSiteContact();
  const cards = [
    { icon: <PhoneOutlined />, label: '服务热线', value: contact.phone, href: `tel:${contact.phone.replace(/[^\d+]/g, '')}` },
    { icon: <MailOutlined />, label: '电子邮箱', value: contact.email, href: `mailto:${contact.email}` },
    { icon: <EnvironmentOutlined />, label: '实验室地址', value: contact.address },
    { icon: <ClockCircleOutlined />, label: '工作时间', value: siteInfo.workingHours },
  ];
  return (
    <ul className="cnt-cards" aria-label="联系方式">
      {cards.map((card) => (
        <li key={card.label} className="cnt-card">
          <span className="cnt-card-icon" aria-hidden>
            {card.icon}
          </span>
          <span className="cnt-card-label">{card.label}</span>
          {card.href ? (
            <a className="cnt-card-value" href={card.href}>
              {card.value}
            </a>
          ) : (
            <span className="cnt-card-value">{card.value}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * /contact, /guide, /license, /policy: the key is the path; contact adds the consultation form.
 * Drawn without antd, the contact form included (docs/web.md).
 */
export default function StaticPage() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const key = pathname.replace(/^\/+|\/+$/g, '').split('/')[0];
  const valid = isStaticKey(key) ? key : null;
  useDocumentTitle(valid ? pageLabels[valid] : '页面不存在');
  if (!valid) return <NotFound />;

  const item = search.get('item')?.trim().slice(0, 60);
  return (
    <div className="cnt-page">
      <PageHeader crumb={pageLabels[valid]} title={pageLabels[valid]} lead={leads[valid]} />
      <div className="cnt-container cnt-body">
        {valid === 'contact' ? (
          <>
            <ContactCards />
            <div className="cnt-contact">
              <section className="cnt-panel" aria-labelledby="cnt-consult-title">
                <h2 id="cnt-consult-title" className="cnt-section-title">
                  在线咨询
                </h2>
                <p className="cnt-muted">留下您的需求，顾问会在工作时间 2 小时内回电。</p>
                <ConsultForm initialContent={item ? `您好，我想咨询“${item}”的测试方案与报价。` : undefined} />
              </section>
              <section className="cnt-panel" aria-label="联系我们">
                <ContentBody pageKey="contact" showTitle={false} />
              </section>
            </div>
          </>
        ) : valid === 'license' ? (
          <>
            <CertificateList />
            <div className="cnt-panel cnt-narrow cnt-after-certs">
              <ContentBody pageKey="license" showTitle={false} />
            </div>
          </>
        ) : (
          <div className="cnt-panel cnt-narrow">
            <ContentBody pageKey={valid} showTitle={false} />
          </div>
        )}
      </div>
    </div>
  );
}
