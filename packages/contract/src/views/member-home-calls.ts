import { call, resource } from '../call';
import { memberFundsFigures } from '../funds/schemas';
import { memberHomeData, memberOrderCounts, memberUserInfo } from '../member/schemas';

/** The member centre (个人中心): who the member is and its figures over several areas — a view. */
export const memberHome = resource('memberHome', {
  info: call({
    method: 'POST',
    path: '/api/auth/user/info',
    who: 'member',
    summary: '当前会员信息',
    description: '账号、收货地址（默认在前）、资料认证、计划单行数；basicInfoComplete 为 false 时提示未完善基本信息。',
    data: memberUserInfo,
  }),
  home: call({
    method: 'POST',
    path: '/api/auth/web/home/data',
    who: 'member',
    summary: '会员中心数据',
    description: '地址数、待取样预约、待寄回样品、所在团体与待审核的入团申请、实验计划条数、预存款余额和可用优惠券数；orders：报告待下载、待支付、待寄样、测试中的订单数（与订单列表的标签一致）。',
    data: memberHomeData.extend(memberFundsFigures.shape).extend({ orders: memberOrderCounts }),
  }),
});
