import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminServiceGroup, AdminServiceItem } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import ItemEditPage from './item-edit-page';

const groups: AdminServiceGroup[] = [
  {
    id: 31,
    typeId: 1,
    name: '结构表征',
    img: '/upload/img/groups/structure.svg',
    imgUrl: '/upload/img/groups/structure.svg',
    description: 'XRD',
    sort: 0,
    visible: true,
    itemCount: 1,
    publishedCount: 1,
    children: [{ id: 3101, groupId: 31, name: 'X射线衍射 XRD', sort: 0, itemCount: 1 }],
  },
];

const item: AdminServiceItem = {
  rid: 'xrd1',
  name: 'XRD 粉末衍射（物相分析）',
  img: '/upload/img/devices/xrd.svg',
  imgUrl: '/upload/img/devices/xrd.svg',
  model: 'Bruker D8 Advance',
  typeId: 1,
  groupId: 31,
  groupName: '结构表征',
  childId: 3101,
  childName: 'X射线衍射 XRD',
  priceFen: 6000,
  unit: '样品',
  orderCount: 12_856,
  published: true,
  hot: true,
  reservable: false,
  sort: 0,
  updatedAt: '2026-03-01T02:00:00.000Z',
  createdAt: '2026-01-01T02:00:00.000Z',
  sketch: 'Cu Kα 辐射',
  description: '<p>粉末衍射仪</p>',
  options: [{ id: 1, name: '扫描速度', choices: [{ id: 1, label: '常规', priceFen: 0 }, { id: 2, label: '慢扫', priceFen: 4000 }] }],
  sampleRequirements: '粉末不少于 0.2 g',
  standards: [],
  samplePrep: '',
  reportContents: '',
  sampleReport: null,
  turnaround: '3–5 个工作日',
  faq: [{ question: '可以测液体吗？', answer: '请先干燥。' }],
  examples: [{ img: '/upload/img/results/xrd.svg', imgUrl: '/upload/img/results/xrd.svg', caption: '典型图谱' }],
  labLocation: '上海·徐汇',
  keywords: ['xrd', '物相'],
};

/** the form's messages are drawn under their field a moment after it is marked */
const slow = { timeout: 10_000 };

const loginStaff = () => staffSession.saveSession({ token: 's', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const renderEdit = (rid: string) =>
  renderApp(<div />, { path: `/admin/catalog/items/${rid}`, routes: [{ path: '/admin/catalog/items/:rid', element: <ItemEditPage /> }] });

describe('the item edit page', () => {
  it('checks the form with the contract first (a bad price is said, nothing sent), then saves every field as the server reads it', { timeout: 60_000 }, async () => {
    loginStaff();
    const { calls } = mockApi({
      '/api/admin/catalog/group/list': { data: groups },
      '/api/admin/catalog/item/detail': { data: item },
      '/api/admin/catalog/item/update': { data: { ...item, priceFen: 6650 }, msg: '服务项目已保存' },
    });
    renderEdit('xrd1');
    const price = await screen.findByLabelText('价格（元）');
    expect(price).toHaveValue('60.00');
    // getByRole is slow on a page this size; the buttons are found by their text
    const save = screen.getByText(/^保\s?存$/).closest('button')!;
    fireEvent.change(price, { target: { value: '12.345' } });
    fireEvent.click(save);
    expect(await screen.findByText('[价格]最多保留两位小数', {}, slow)).toBeInTheDocument();
    // under the price, which it describes
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription('[价格]最多保留两位小数');
    expect(calls.some((c) => c.path === '/api/admin/catalog/item/update')).toBe(false);

    fireEvent.change(price, { target: { value: '66.50' } });
    fireEvent.change(screen.getByLabelText('选项1的选项值2加价'), { target: { value: '45' } });
    await waitFor(() => expect(screen.getByTestId('price-range')).toHaveTextContent('¥66.50 – ¥111.50 / 样品'));
    fireEvent.click(save);
    expect(await screen.findByText('服务项目已保存', {}, slow)).toBeInTheDocument();

    const sent = calls.find((c) => c.path === '/api/admin/catalog/item/update')!.form;
    expect(sent.get('rid')).toBe('xrd1');
    expect(sent.get('price')).toBe('66.50');
    expect(sent.get('groupId')).toBe('31');
    expect(sent.get('childId')).toBe('3101');
    expect(sent.get('hot')).toBe('1');
    expect(JSON.parse(sent.get('options')!)).toEqual([{ id: 1, name: '扫描速度', choices: [{ id: 1, label: '常规', price: '' }, { id: 2, label: '慢扫', price: '45' }] }]);
    expect(JSON.parse(sent.get('faq')!)).toEqual(item.faq);
    expect(JSON.parse(sent.get('examples')!)).toEqual([{ img: '/upload/img/results/xrd.svg', caption: '典型图谱' }]);
    expect(JSON.parse(sent.get('keywords')!)).toEqual(['xrd', '物相']);
    expect(sent.get('description')).toContain('粉末衍射仪');
  });

  it('a new item starts empty and asks for its group first', { timeout: 60_000 }, async () => {
    loginStaff();
    const { calls } = mockApi({ '/api/admin/catalog/group/list': { data: groups } });
    renderEdit('new');
    expect(await screen.findByText('保存后立即上架，客户可以在网站上看到并下单。')).toBeInTheDocument();
    fireEvent.click(screen.getByText('保存并上架').closest('button')!);
    expect(await screen.findByText('[所属分类]不能为空', {}, slow)).toBeInTheDocument();
    expect(screen.getByLabelText('所属分类')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path === '/api/admin/catalog/item/add')).toBe(false);
  });
});
