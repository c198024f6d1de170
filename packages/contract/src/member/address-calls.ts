import { z } from 'zod';
import { call, resource } from '../call';
import { addressAddBody, addressEditBody, addressEntity, addressRidBody } from './schemas';

/** The member's delivery and pickup addresses (个人中心 → 收货地址). */
export const addresses = resource('addresses', {
  list: call({
    method: 'POST',
    path: '/api/auth/address/list',
    who: 'member',
    summary: '收货地址列表',
    description: '默认地址在前，其余按新到旧；不在上门取样开通城市的地址 disabled 为 true。',
    data: z.array(addressEntity),
  }),
  add: call({ method: 'POST', path: '/api/auth/address/add', who: 'member', summary: '新增收货地址', body: addressAddBody, data: addressEntity, done: '操作成功!' }),
  edit: call({ method: 'POST', path: '/api/auth/address/edit', who: 'member', summary: '修改收货地址', body: addressEditBody, data: addressEntity, done: '操作成功!' }),
  remove: call({ method: 'POST', path: '/api/auth/address/del', who: 'member', summary: '删除收货地址', body: addressRidBody, data: z.null(), done: '删除成功' }),
  makeDefault: call({ method: 'POST', path: '/api/auth/address/default', who: 'member', summary: '设为默认地址', body: addressRidBody, data: z.null(), done: '已设为默认地址' }),
});
