import type { AddressEntity } from '@lab/contract';
import type { Db } from '../../db/client';
import { saveSetting } from '../content/settings.service';
import { call, type TestContext } from '../../../test/harness';

/** Site settings for the member-area tests: pickup in Shanghai and Suzhou, slots 09/11/14/16. */
export async function saveMemberSettings(db: Db, overrides: { allowRegion?: string[]; samplingSetting?: Record<string, unknown> } = {}) {
  await saveSetting(db, 'allowRegion', overrides.allowRegion ?? ['310000', '320500']);
  await saveSetting(db, 'samplingSetting', {
    disabled_date: [],
    disabled_date_time: [],
    disabled_time: '',
    disabled_week: [0],
    invalid_disabled_date: [],
    sampling_time1: '09:00',
    sampling_time2: '11:00',
    sampling_time3: '14:00',
    sampling_time4: '16:00',
    WxTip1: '',
    ...overrides.samplingSetting,
  });
  await saveSetting(db, 'localInfo', { address: '上海市徐汇区测试路1号', phone: '021-00000000', email: 'lab@example.com', express: '上海市徐汇区测试路1号 样品室 收' });
}

export const shanghaiAddress = {
  name: '张三',
  phone: '13800138000',
  province: '上海市',
  city: '上海市',
  area: '徐汇区',
  address_code: '310104',
  address: '漕溪北路1号',
};

export const wuxiAddress = {
  name: '李四',
  phone: '13900139000',
  province: '江苏省',
  city: '无锡市',
  area: '滨湖区',
  address_code: '320211',
  address: '蠡湖大道1号',
};

export async function addAddress(t: TestContext, token: string, form: Record<string, string> = shanghaiAddress) {
  const res = await call<AddressEntity>(t.app, 'POST', '/api/auth/address/add', { token, form });
  if (res.code !== 1) throw new Error(`address/add failed: ${res.msg}`);
  return res.data;
}

export const listAddresses = async (t: TestContext, token: string) =>
  (await call<AddressEntity[]>(t.app, 'POST', '/api/auth/address/list', { token })).data;
