import { QueryError } from '../../../components/query-error';
import { SkeletonBlock } from '../../../components/skeleton-block';
import { useCertificates } from '../api/get-certificates';

/**
 * /license: the certificates valid today, from the back office's 资质证书 (expired ones are
 * not listed). A demo certificate is an illustration: it says 示例证书 and shows no number, so
 * nothing invented reads as a real accreditation.
 */
export function CertificateList() {
  const query = useCertificates();
  if (query.isPending) return <SkeletonBlock rows={6} />;
  if (!query.data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <p className="cnt-muted">证书信息正在更新，如需查看资质请联系客户经理。</p>;
  return (
    <ul className="cnt-certs" aria-label="资质证书">
      {query.data.map((c) => (
        <li key={c.id} className="cnt-cert">
          <a className="cnt-cert-media" href={c.img} target="_blank" rel="noopener noreferrer" aria-label={`查看证书大图：${c.name}`}>
            <img src={c.img} alt={c.name} width={600} height={424} loading="lazy" decoding="async" />
          </a>
          <div className="cnt-cert-body">
            <h2 className="cnt-cert-name">
              {c.name}
              {c.demo ? <span className="cnt-cert-demo">示例证书</span> : null}
            </h2>
            <dl className="cnt-cert-facts">
              <dt>证书编号</dt>
              <dd>{c.number ?? '示例证书，不提供编号'}</dd>
              <dt>发证机构</dt>
              <dd>{c.issuer}</dd>
              {c.scope ? (
                <>
                  <dt>范围</dt>
                  <dd>{c.scope}</dd>
                </>
              ) : null}
              <dt>有效期</dt>
              <dd>
                {c.validFrom} 至 {c.validTo}
              </dd>
            </dl>
            {c.demo ? <p className="cnt-cert-note">此证书为演示数据，仅示意页面版式，不代表本平台已获得该资质。</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
