import { deviceSearchQueryOptions } from '../api/search-devices';
import type { EnsurePageData } from '../../../lib/page-data';
import { listGroupId, listSearch, readListAddress } from '../list-query';
import { typeGroupsQueryOptions } from '../api/catalog/type-groups';
import { useProjectList } from '../hooks/use-project-list';
import { PageHeader } from '../components/page-header';
import { ProjectFilters, ServiceTypeTabs } from '../components/project-filters';
import { ProjectResults } from '../components/project-results';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../components/catalog.css';

const leadFor = (typeId: number | undefined) =>
  typeId === 1
    ? '寄送样品到实验室测试，按分类筛选项目，查看价格、周期与样品要求。'
    : typeId === 2
      ? '预约仪器机时，到实验室现场操作或陪同测试，机时按小时计费。'
      : typeId === 3
        ? '谱图解析、数据精修与模拟计算，由专业工程师出具分析报告。'
        : '送样检测、上门预约与数据分析，覆盖材料、化学、生物与环境等方向。';

/**
 * The route loader's part (app/public-loaders.ts). The list knows which items to ask for once it
 * has the groups (a title may name one): the groups, then the items.
 */
export const ensurePageData: EnsurePageData = async (client, { params, request }) => {
  const address = readListAddress(params, new URL(request.url).searchParams);
  const groups = await client.ensureQueryData(typeGroupsQueryOptions(address.validType));
  return client.ensureQueryData(deviceSearchQueryOptions(listSearch(address, listGroupId(address, groups))));
};

/** /project: the service list, drawn on the server. Its state is useProjectList's; filters and results are sections. */
export default function ProjectListPage() {
  const list = useProjectList();
  const { title, address } = list;
  useDocumentTitle(title);

  return (
    <div className="cat-page">
      <PageHeader title={title} crumbs={[{ label: '检测服务', to: '/project' }, ...(title !== '全部服务' ? [{ label: title }] : [])]}>
        <p className="cat-lead">{leadFor(address.validType)}</p>
      </PageHeader>
      <div className="cat-container cat-body">
        <ServiceTypeTabs validType={address.validType} />
        <ProjectFilters list={list} />
        <ProjectResults list={list} />
      </div>
    </div>
  );
}
