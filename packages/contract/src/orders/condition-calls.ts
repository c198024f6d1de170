import { call, resource } from '../call';
import { conditionsConfirmBody, orderConditionsView } from './condition-schemas';
import { orderNoBody } from './schemas';

/** 测试条件确认 (lab): the conditions actually used, which turn the member's methods text from 草稿 into final. */
export const adminOrderConditions = resource('adminOrderConditions', {
  get: call({
    method: 'POST',
    path: '/api/admin/orders/conditions',
    who: ['lab'],
    summary: '测试条件',
    description: '每个订单项目的选项：下单时所选与实际所用；实验室确认前为下单时所选。',
    body: orderNoBody,
    data: orderConditionsView,
  }),
  confirm: call({
    method: 'POST',
    path: '/api/admin/orders/conditions/confirm',
    who: ['lab'],
    summary: '确认测试条件',
    description: '测试中、已出数据或已完成的订单：按项目确认实际所用条件（可改），可再次确认覆盖；确认人可同意在论文致谢中署名。',
    body: conditionsConfirmBody,
    data: orderConditionsView,
    done: '测试条件已确认',
  }),
});
