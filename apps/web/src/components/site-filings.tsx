import type { ReactNode } from 'react';
import type { SiteIdentity } from '@lab/contract';

const out = (href: string, text: string, badge?: ReactNode) => (
  <a className="filing" href={href} target="_blank" rel="noreferrer">
    {badge}
    {text}
  </a>
);

/**
 * The site's filings as staff keep them in 站点设置 (备案与主体信息): the operating company and
 * its business licence, the ICP 备案号 linked to the MIIT record system, the 公安机关备案号 with
 * its badge (public/beian-police.svg, our own drawing) linked to beian.gov.cn by the record's
 * digits (policeCode, from the server). Each only when set; nothing
 * at all when none is. Drawn inline after the copyright line, with no wrapper and no check of its
 * own: it is in the home page's first load (170 KB budget, a few bytes to spare).
 */
export function SiteFilings({ identity: i }: { identity: SiteIdentity | undefined }) {
  return (
    i && (
      <>
        {i.company && <span className="filing">运营主体：{i.company}</span>}
        {i.licenceImg && out(i.licenceImg, '营业执照')}
        {i.icp && out('https://beian.miit.gov.cn/', i.icp)}
        {i.police && out(`http://www.beian.gov.cn/portal/registerSystemInfo?recordcode=${i.policeCode}`, i.police, <img src="/beian-police.svg" alt="" />)}
      </>
    )
  );
}
