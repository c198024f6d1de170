import type { DeviceDetail, DeviceSummary, TypeGroup } from '@lab/contract';

export const groupsFixture: TypeGroup[] = [
  { id: 31, typeId: 1, name: '结构表征', img: '/upload/img/g31.svg', description: 'XRD|单晶衍射', typeChildArr: [{ id: 3101, name: 'X射线衍射 XRD' }, { id: 3102, name: '单晶衍射' }] },
  { id: 32, typeId: 1, name: '显微形貌', img: '/upload/img/g32.svg', description: 'SEM|TEM', typeChildArr: [{ id: 3201, name: '扫描电镜 SEM' }] },
];

export const summaryFixture: DeviceSummary = {
  rid: 'xrd-rid',
  name: 'X射线衍射仪（XRD）粉末物相分析',
  img: '/upload/img/xrd.svg',
  sketch: '粉末 XRD 物相鉴定与结晶度分析',
  model: 'Bruker D8 Advance',
  typeId: 1,
  groupId: 31,
  groupName: '结构表征',
  childId: 3101,
  childName: 'X射线衍射 XRD',
  priceFen: 12000,
  unit: '样品',
  order: 356,
  turnaround: '3-5 个工作日',
  reservable: false,
};

export const detailFixture: DeviceDetail = {
  ...summaryFixture,
  description: '<p>采用 Cu 靶 Kα 射线，适用于粉末、薄膜与块体样品。</p>',
  sampleRequirements: '粉末样品不少于 0.2 g\n块体样品尺寸不超过 2 cm × 2 cm',
  standards: [],
  samplePrep: '',
  reportContents: '',
  sampleReport: null,
  options: [{ id: 1, name: '扫描范围', choices: [{ id: 11, label: '5°-90°', priceFen: 0 }, { id: 12, label: '5°-140°', priceFen: 3000 }] }],
  faq: [{ question: '样品需要研磨吗？', answer: '粉末需研磨至 325 目以下。' }],
  examples: [{ img: '/upload/img/xrd-result.svg', caption: 'TiO2 锐钛矿相衍射图谱' }],
  labLocation: '上海市徐汇区桂平路 680 号 3 号楼 201 室',
  keywords: ['物相', '结晶度'],
  related: [{ ...summaryFixture, rid: 'saxs-rid', name: '小角X射线散射 SAXS', childId: 3103, childName: '小角X射线散射' }],
};
