import { policeRecordCode, type SiteIdentity } from '@lab/contract';

/** The 公安备案 badge: a small shield (our own drawing), shown before the record number. */
function PoliceBadge() {
  return (
    <svg className="filing-badge" width="14" height="16" viewBox="0 0 14 16" aria-hidden="true" focusable="false">
      <path d="M7 0.6 13 2.8v4.6c0 3.9-2.5 6.6-6 8-3.5-1.4-6-4.1-6-8V2.8Z" fill="#2f6fd6" />
      <path d="m7 4 1 2.1 2.3.3-1.7 1.6.4 2.3L7 9.2l-2 1.1.4-2.3-1.7-1.6 2.3-.3Z" fill="#ffd04a" />
    </svg>
  );
}

/**
 * The site's filings as staff keep them in 站点设置 (备案与主体信息): the operating company and
 * its business licence, the ICP 备案号 linked to the MIIT record system, the 公安机关备案号 with
 * its badge linked to beian.gov.cn by the record's digits. Each only when set; nothing at all
 * when none is.
 */
export function SiteFilings({ identity }: { identity: SiteIdentity | undefined }) {
  if (!identity) return null;
  const recordCode = policeRecordCode(identity.police);
  const parts = [
    identity.company ? <span key="company">运营主体：{identity.company}</span> : null,
    identity.licenceImg ? (
      <a key="licence" href={identity.licenceImg} target="_blank" rel="noopener noreferrer">
        营业执照
      </a>
    ) : null,
    identity.icp ? (
      <a key="icp" href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
        {identity.icp}
      </a>
    ) : null,
    identity.police ? (
      recordCode ? (
        <a key="police" className="filing-police" href={`http://www.beian.gov.cn/portal/registerSystemInfo?recordcode=${recordCode}`} target="_blank" rel="noopener noreferrer">
          <PoliceBadge />
          {identity.police}
        </a>
      ) : (
        <span key="police" className="filing-police">
          <PoliceBadge />
          {identity.police}
        </span>
      )
    ) : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <p className="footer-filings" aria-label="备案信息">
      {parts}
    </p>
  );
}
