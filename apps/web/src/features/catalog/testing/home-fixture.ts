import type { HomeData } from '@lab/contract';

/** Home data for the component tests: every link rule has a case. */
export const homeFixture: HomeData = {
  bannerArr: [
    { img: '/upload/img/banner-1.jpg', redirect: 'https://www.example.org/open-day', title: '实验室开放日', description: '预约参观，现场了解测试流程' },
    { img: '/upload/img/banner-2.jpg', redirect: 'XRD2026rid', title: 'X 射线衍射测试', description: null },
    { img: '/upload/img/banner-3.jpg', redirect: null, title: null, description: null },
  ],
  typeArr: [
    {
      id: 11,
      name: '结构表征',
      img: '/upload/img/type-structure.png',
      typeId: 1,
      description: 'XRD|SEM|TEM',
      typeChildArr: [
        { id: 101, name: 'X射线衍射' },
        { id: 102, name: '扫描电镜' },
      ],
    },
    { id: 12, name: '成分分析', img: '/upload/img/type-element.png', typeId: 1, description: 'ICP|XPS', typeChildArr: [{ id: 201, name: 'ICP-MS' }] },
  ],
  prefectureNavBottomArr: [
    { id: 1, name: '上门预约专区', img: '/upload/img/area-1.jpg', sketch: '到场操作，机时灵活', title: '上门预约', typeId: 2 },
  ],
  hotItems: [
    { rid: 'hot-rid-1', name: '场发射扫描电镜（SEM）', img: '/upload/img/sem.jpg', sketch: '二次电子像与背散射像，分辨率 1 nm', order: 128 },
  ],
  serviceCaseArr: [
    { rid: 'case-rid-1', title: '锂电正极材料 XRD 精修', img: '/upload/img/case-1.jpg', sketch: 'Rietveld 精修获得晶胞参数', created: '2026-03-08T02:30:00.000Z', source: null },
    { rid: 'case-rid-2', title: '催化剂 XPS 价态分析', img: '/upload/img/case-2.jpg', sketch: '分峰拟合确定价态比例', created: '2026-02-01', source: 'https://mp.example.com/case-2' },
  ],
  thanksArr: Array.from({ length: 7 }, (_, index) => ({
    company: `复旦大学 化学系 ${index + 1}`,
    title: 'X射线光电子能谱',
    code: `Adv. Mater. 2026, 38, ${index + 100}`,
    content: '感谢科研检测服务商城提供的 XPS 测试。',
    sketch: '报道了一种高效析氧催化剂。',
    source: index === 0 ? null : `https://doi.org/10.1002/adma.${index}`,
  })),
  partnerArr: [
    { name: '复旦大学', img: '/upload/img/partner-1.png' },
    { name: '上海交通大学', img: '/upload/img/partner-2.png' },
    { name: '同济大学', img: '/upload/img/partner-3.png' },
    { name: '中国科学院', img: '/upload/img/partner-4.png' },
  ],
};
