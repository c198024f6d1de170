import { call, resource } from '../call';
import { paperMethodsQuery, paperMethodsView } from './paper-methods-schemas';

/** 生成论文方法与致谢: a read-only screen over the order, the catalogue's instruments and the lab's settings — a view. */
export const paperMethods = resource('paperMethods', {
  get: call({
    method: 'POST',
    path: '/api/auth/order/methods',
    who: 'member',
    summary: '论文方法与致谢',
    description: '已出数据或已完成的订单：每个测试的中英文方法段落与致谢语（含引用代码）；实验室确认测试条件前标为草稿。',
    body: paperMethodsQuery,
    data: paperMethodsView,
  }),
  txt: call({ method: 'GET', path: '/api/auth/order/methods/txt', who: 'member', summary: '下载论文方法与致谢（.txt）', query: paperMethodsQuery, data: 'file' }),
  docx: call({ method: 'GET', path: '/api/auth/order/methods/docx', who: 'member', summary: '下载论文方法与致谢（.docx）', query: paperMethodsQuery, data: 'file' }),
});
