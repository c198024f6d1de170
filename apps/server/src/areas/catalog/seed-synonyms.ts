import type { DbOrTx } from '../../db/client';
import { searchSynonyms } from './search.tables';
import { foldTerms } from './search-synonyms.service';

/**
 * The demo catalogue's starting search words: how researchers name its techniques (the full
 * name, the short one, the abbreviation, the instrument). Staff keep them at 目录管理 → 搜索词.
 */
export const seedSynonymGroups: string[][] = [
  ['XRD', 'X射线衍射', 'X光衍射', '粉末衍射', 'X射线粉末衍射'],
  ['单晶衍射', '单晶XRD', 'SCXRD', '单晶X射线衍射', '单晶结构解析'],
  ['SAXS', '小角散射', '小角X射线散射'],
  ['SEM', '扫描电镜', '扫描电子显微镜', '场发射扫描电镜', 'FESEM', 'FE-SEM'],
  ['TEM', '透射电镜', '透射电子显微镜', 'HRTEM', '高分辨透射'],
  ['球差电镜', '球差校正电镜', 'AC-STEM', '球差'],
  ['EDS', 'EDX', '能谱仪', '能量色散谱'],
  ['AFM', '原子力显微镜', '原子力'],
  ['共聚焦', '激光共聚焦', '共聚焦显微镜', 'confocal', 'CLSM'],
  ['XPS', 'X射线光电子能谱', '光电子能谱', 'ESCA'],
  ['ICP', '电感耦合等离子体', 'ICP-OES', 'ICP-AES', '等离子体发射光谱'],
  ['XRF', 'X射线荧光', 'X荧光'],
  ['FTIR', '红外', '红外光谱', '傅里叶红外', '傅里叶变换红外', 'IR'],
  ['拉曼', '拉曼光谱', 'Raman', '显微拉曼'],
  ['紫外可见', 'UV-Vis', '紫外可见光谱', '紫外分光', '紫外可见漫反射', 'DRS'],
  ['TGA', '热重', '热失重', 'TG'],
  ['DSC', '差示扫描量热', '差热扫描'],
  ['BET', '比表面', '比表面积', '氮气吸附', '氮吸附', '孔径分布', '吸脱附'],
  ['粒度', '粒径', '激光粒度', 'DLS', '动态光散射'],
  ['NMR', '核磁', '核磁共振', '核磁共振波谱'],
  ['EPR', 'ESR', '顺磁', '电子顺磁共振', '电子自旋共振'],
  ['GPC', '凝胶渗透色谱', '分子量分布'],
  ['流式', '流式细胞', '流式细胞术', 'FCM'],
  ['DFT', '第一性原理', '密度泛函'],
  ['MD', '分子动力学'],
  ['COMSOL', '有限元', '多物理场'],
  ['精修', 'Rietveld', '全谱精修'],
  ['分峰', '分峰拟合', '峰拟合'],
  ['机时', '上机', '自主上机', '机时预约'],
  ['VOCs', '挥发性有机物'],
];

/** Seeds the starting groups (the demo seed, in the catalogue's transaction). */
export async function seedSynonyms(db: DbOrTx): Promise<void> {
  await db.insert(searchSynonyms).values(seedSynonymGroups.map((terms) => ({ terms: foldTerms(terms), note: '演示目录的初始搜索词' })));
}
