import { CustomerServiceOutlined, EnvironmentOutlined, FieldTimeOutlined } from '../../../components/icons';
import { Link, useParams } from 'react-router';
import { formatFen, serviceTypeLabels } from '@lab/contract/display';
import type { DeviceDetail } from '@lab/contract';
import { AddToPlanPanel } from '../../../components/plan/add-to-plan-panel';
import { ReservationCalendar } from '../../../components/reservation/reservation-calendar';
import { SkeletonBlock } from '../../../components/skeleton-block';
import { deviceDetailQueryOptions, useDeviceDetail } from '../api/get-device-detail';
import type { EnsurePageData } from '../../../lib/page-data';
import { DeviceGrid } from '../components/device-card';
import { ItemWait } from '../components/item-wait';
import { SkeletonImage } from '../components/skeleton-image';
import { Crumbs } from '../components/page-header';
import { projectQueryPath, projectRoutePath } from '../components/links';
import { QueryError } from '../../../components/query-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../components/catalog.css';
import '../components/detail.css';
import { useSiteContact } from '../../../lib/site-contact';
import { keywordLabels } from '../keyword-label';

function DetailBody({ item }: { item: DeviceDetail }) {
  const contact = useSiteContact();
  const typeLabel = serviceTypeLabels[item.typeId] ?? '检测服务';
  /** on-site instruments are booked by the hour (the reservation calendar); the rest go to the plan */
  const reservable = item.typeId === 2 || item.reservable;
  const sections = [
    { id: 'intro', label: '项目介绍', show: Boolean(item.description) },
    { id: 'standards', label: '执行标准', show: item.standards.length > 0 },
    { id: 'sample', label: '样品要求', show: Boolean(item.sampleRequirements || item.samplePrep) },
    { id: 'report', label: '报告内容', show: Boolean(item.reportContents || item.sampleReport) },
    { id: 'examples', label: '结果示例', show: item.examples.length > 0 },
    { id: 'faq', label: '常见问题', show: item.faq.length > 0 },
    { id: 'related', label: '相关项目', show: item.related.length > 0 },
  ].filter((section) => section.show);

  return (
    <>
      <div className="dt-top">
        <div className="cat-container">
          <Crumbs
            className="cat-crumbs dt-crumbs"
            crumbs={[
              { label: typeLabel, to: projectRoutePath(item.typeId, typeLabel) },
              { label: item.groupName, to: projectQueryPath({ typeId: item.typeId, title: item.groupName, groupId: item.groupId }) },
              { label: item.name },
            ]}
          />
          <div className="dt-hero">
            <div className="dt-media">
              <img src={item.img} alt={item.name} width={640} height={480} />
            </div>
            <div className="dt-info">
              <div className="dt-badges">
                <span className="dt-badge">{typeLabel}</span>
                <span className="dt-badge dt-badge-plain">{item.childName ? `${item.groupName} · ${item.childName}` : item.groupName}</span>
                {item.reservable ? <span className="dt-badge dt-badge-plain">可预约机时</span> : null}
              </div>
              <h1 className="dt-name">{item.name}</h1>
              {item.model ? <p className="dt-model">仪器型号：{item.model}</p> : null}
              {item.sketch ? <p className="dt-sketch">{item.sketch}</p> : null}

              <div className="dt-pricebox">
                <span className="dt-price-label">测试价格</span>
                <span className="dt-price" data-testid="detail-price">
                  {formatFen(item.priceFen)}
                  <small>/{item.unit}</small>
                </span>
                {/* counted from completed orders: a new item states nothing rather than 0 */}
                {item.order > 0 ? (
                  <span className="dt-orders">
                    已服务 <strong>{item.order}</strong> 单
                  </span>
                ) : null}
              </div>

              <dl className="dt-facts">
                <div>
                  <dt>
                    <FieldTimeOutlined /> 测试周期
                  </dt>
                  <dd>{item.turnaround || '以客服确认为准'}</dd>
                </div>
                {reservable ? null : <ItemWait rid={item.rid} />}
                <div>
                  <dt>
                    <EnvironmentOutlined /> 实验室
                  </dt>
                  <dd>{item.labLocation || contact.address}</dd>
                </div>
              </dl>

              {/* keyed by item: going on to another item's page (the same route) starts with its own choices */}
              {reservable ? (
                <>
                  <ReservationCalendar key={item.rid} rid={item.rid} priceFen={item.priceFen} unit={item.unit} />
                  <div className="dt-actions">
                    <Link to={`/contact?item=${encodeURIComponent(item.name)}`} className="dt-call">
                      <CustomerServiceOutlined /> 咨询此项目
                    </Link>
                    <a className="dt-call" href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>
                      电话 {contact.phone}
                    </a>
                  </div>
                </>
              ) : (
                <AddToPlanPanel key={item.rid} item={item} />
              )}
            </div>
          </div>
        </div>
      </div>

      {sections.length > 0 ? (
        <nav className="dt-anchors" aria-label="页面导航">
          <div className="cat-container">
            {sections.map((section) => (
              <a key={section.id} href={`#${section.id}`}>
                {section.label}
              </a>
            ))}
          </div>
        </nav>
      ) : null}

      <div className="cat-container dt-sections">
        {item.description ? (
          <section id="intro" className="cat-panel dt-section" aria-labelledby="dt-intro">
            <h2 id="dt-intro">项目介绍</h2>
            <div className="cat-rich" dangerouslySetInnerHTML={{ __html: item.description }} />
            {item.keywords.length > 0 ? (
              <ul className="dt-keywords" aria-label="关键词">
                {keywordLabels(item.keywords).map((keyword) => (
                  <li key={keyword}>{keyword}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ) : null}
        {item.standards.length > 0 ? (
          <section id="standards" className="cat-panel dt-section" aria-labelledby="dt-standards">
            <h2 id="dt-standards">执行标准</h2>
            <ul className="dt-standards">
              {item.standards.map((standard) => (
                <li key={standard}>{standard}</li>
              ))}
            </ul>
            <p className="dt-note">标准未规定的参数按实验室作业指导书执行，报告中逐项注明。</p>
          </section>
        ) : null}
        {item.sampleRequirements || item.samplePrep ? (
          <section id="sample" className="cat-panel dt-section" aria-labelledby="dt-sample">
            <h2 id="dt-sample">样品要求</h2>
            {item.sampleRequirements ? <div className="dt-plain">{item.sampleRequirements}</div> : null}
            {item.samplePrep ? (
              <>
                <h3 className="dt-subhead">制样说明</h3>
                <div className="dt-plain">{item.samplePrep}</div>
              </>
            ) : null}
          </section>
        ) : null}
        {item.reportContents || item.sampleReport ? (
          <section id="report" className="cat-panel dt-section" aria-labelledby="dt-report">
            <h2 id="dt-report">报告内容</h2>
            {item.reportContents ? (
              <ul className="dt-report-list">
                {item.reportContents
                  .split('\n')
                  .map((line) => line.trim())
                  .filter(Boolean)
                  .map((line) => (
                    <li key={line}>{line}</li>
                  ))}
              </ul>
            ) : null}
            {item.sampleReport ? (
              <p>
                <a className="dt-sample-report" href={item.sampleReport} target="_blank" rel="noopener noreferrer" download>
                  下载样例报告（PDF）
                </a>
                <span className="dt-note dt-report-note">样例报告中的样品与数据均为示意，仅供了解报告格式。</span>
              </p>
            ) : null}
          </section>
        ) : null}
        {item.examples.length > 0 ? (
          <section id="examples" className="cat-panel dt-section" aria-labelledby="dt-examples">
            <h2 id="dt-examples">结果示例</h2>
            <ul className="dt-examples">
              {item.examples.map((example, index) => (
                <li key={`${example.img}-${index}`}>
                  <figure>
                    <a href={example.img} target="_blank" rel="noopener noreferrer" aria-label={`查看大图：${example.caption || item.name}`}>
                      <img src={example.img} alt={example.caption || `${item.name} 结果示例 ${index + 1}`} width={480} height={360} loading="lazy" decoding="async" />
                    </a>
                    {example.caption ? <figcaption>{example.caption}</figcaption> : null}
                  </figure>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {item.faq.length > 0 ? (
          <section id="faq" className="cat-panel dt-section" aria-labelledby="dt-faq">
            <h2 id="dt-faq">常见问题</h2>
            <div className="dt-faq">
              {item.faq.map((entry, index) => (
                <details key={`${entry.question}-${index}`} open={index === 0}>
                  <summary>{entry.question}</summary>
                  <p>{entry.answer}</p>
                </details>
              ))}
            </div>
          </section>
        ) : null}
        {item.related.length > 0 ? (
          <section id="related" className="dt-section dt-related" aria-labelledby="dt-related">
            <h2 id="dt-related">相关项目</h2>
            <DeviceGrid items={item.related} />
          </section>
        ) : null}
      </div>
    </>
  );
}

/** The route loader's part (app/public-loaders.ts): the item. */
export const ensurePageData: EnsurePageData = (client, { params }) => client.ensureQueryData(deviceDetailQueryOptions(params.rid ?? ''));

export default function DetailPage() {
  const { rid = '' } = useParams();
  const detail = useDeviceDetail(rid);
  useDocumentTitle(detail.data?.name ?? (detail.isError ? '项目不存在' : '项目详情'));

  if (detail.isPending) {
    return (
      <div className="cat-page">
        <div className="cat-container dt-loading" aria-busy="true">
          <SkeletonImage width={320} height={240} />
          <SkeletonBlock rows={6} />
        </div>
      </div>
    );
  }
  if (!detail.data) {
    return (
      <div className="cat-page">
        <div className="cat-container cat-body">
          <QueryError error={detail.error} onRetry={() => void detail.refetch()} title="项目加载失败" />
          <p className="dt-back">
            <Link to="/project">浏览全部检测项目</Link>
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="cat-page dt-page">
      <DetailBody item={detail.data} />
    </div>
  );
}
