import { Link, useParams } from 'react-router';
import { agreementKindLabels, agreementKinds, type AgreementKind } from '@lab/contract';
import type { EnsurePageData } from '../../../lib/page-data';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { NotFound } from '../../../components/not-found';
import { QueryError } from '../../../components/query-error';
import { SkeletonBlock } from '../../../components/skeleton-block';
import { agreementQueryOptions, agreementVersionsQueryOptions, useAgreement, useAgreementVersions } from '../api/get-agreement';
import { PageHeader } from '../components/page-header';
import '../components/content.css';

const isKind = (value: string | undefined): value is AgreementKind => agreementKinds.includes(value as AgreementKind);

/** `/agreement/privacy/2` → version 2; no number (or not a number) → the current version. */
function versionOf(param: string | undefined): number | undefined | null {
  if (param === undefined) return undefined;
  return /^\d{1,9}$/.test(param) && Number(param) > 0 ? Number(param) : null;
}

const leads: Record<AgreementKind, string> = {
  user: '注册和使用本平台前，请仔细阅读本协议。',
  privacy: '我们如何处理和保护您的个人信息，以及您如何行使个人信息权利。',
  service: '适用于通过本平台委托的全部检测服务，每笔订单的委托检测服务协议以本条款为准。',
};

/** The route loader's part (app/public-loaders.ts): the version shown and the list of versions. */
export const ensurePageData: EnsurePageData = (client, { params }) => {
  const version = versionOf(params.version);
  if (!isKind(params.kind) || version === null) return Promise.resolve();
  return Promise.all([client.ensureQueryData(agreementQueryOptions(params.kind, version)), client.ensureQueryData(agreementVersionsQueryOptions(params.kind))]);
};

function Versions({ kind, shown }: { kind: AgreementKind; shown: number }) {
  const versions = useAgreementVersions(kind);
  if (!versions.data || versions.data.length < 2) return null;
  return (
    <section style={{ marginTop: 32, paddingTop: 16, borderTop: '1px solid #eef1f5' }} aria-labelledby="agr-versions-title">
      <h2 id="agr-versions-title" className="cnt-section-title">
        历史版本
      </h2>
      <ol>
        {versions.data.map((v, i) => (
          <li key={v.version}>
            {v.version === shown ? (
              <span aria-current="page">
                第 {v.version} 版 · {v.effectiveDate} 生效{i === 0 ? '（现行）' : ''}
              </span>
            ) : (
              <Link to={i === 0 ? `/agreement/${kind}` : `/agreement/${kind}/${v.version}`}>
                第 {v.version} 版 · {v.effectiveDate} 生效{i === 0 ? '（现行）' : ''}
              </Link>
            )}
            {v.summary ? <span className="cnt-updated" style={{ display: 'block', margin: 0 }}>{v.summary}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * /agreement/:kind/:version?: 用户协议, 隐私政策 and 委托检测服务条款 — the current version (or an
 * older one) with its number and effective date, and the list of versions. Drawn on the server
 * and built without antd (docs/web.md).
 */
export default function AgreementPage() {
  const params = useParams();
  const kind = isKind(params.kind) ? params.kind : null;
  const version = versionOf(params.version);
  const valid = kind !== null && version !== null;
  const agreement = useAgreement(kind ?? 'user', version ?? undefined);
  const versions = useAgreementVersions(kind ?? 'user');
  useDocumentTitle(valid ? agreement.data?.title ?? agreementKindLabels[kind] : '页面不存在');
  if (!valid) return <NotFound />;
  const current = versions.data?.[0]?.version;
  const data = agreement.data;

  return (
    <div className="cnt-page">
      <PageHeader crumb={agreementKindLabels[kind]} title={data?.title ?? agreementKindLabels[kind]} lead={leads[kind]} />
      <div className="cnt-container cnt-body">
        <div className="cnt-panel cnt-narrow">
          {agreement.isPending ? (
            <div aria-busy="true">
              <SkeletonBlock rows={10} />
            </div>
          ) : !data ? (
            <QueryError error={agreement.error} title="协议加载失败" notFoundTitle="该版本不存在" onRetry={() => void agreement.refetch()} />
          ) : (
            <article>
              <p className="cnt-updated" style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 24px', margin: '0 0 16px' }}>
                <span>第 {data.version} 版</span>
                <span>生效日期：{data.effectiveDate}</span>
              </p>
              {current !== undefined && data.version !== current ? (
                <p role="note" style={{ margin: '0 0 16px', padding: '8px 12px', background: '#fffbe6', border: '1px solid #ffe58f', borderRadius: 6 }}>
                  您正在查看历史版本。<Link to={`/agreement/${kind}`}>查看现行版本（第 {current} 版）</Link>
                </p>
              ) : null}
              <div className="cnt-rich" dangerouslySetInnerHTML={{ __html: data.body }} />
            </article>
          )}
          <Versions kind={kind} shown={data?.version ?? 0} />
        </div>
      </div>
    </div>
  );
}
