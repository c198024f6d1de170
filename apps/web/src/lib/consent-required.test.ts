import { describe, expect, it } from 'vitest';
import type { MemberUserInfo as UserInfo } from '@lab/contract';
import { ApiError, apiPost } from './api';
import { saveSession } from './session';
import { queryClient } from './query-client';
import { userInfoKey } from './user-info';
import { mockApi } from '../testing/fetch-mock';

const due = [{ kind: 'privacy', version: 2, title: '隐私政策', summary: '新增在线支付服务商。', effectiveDate: '2026-06-01' }];

describe('a call refused for a consent due (issue 28 point 9)', () => {
  it('puts the versions due into user/info, so the site layout opens the consent dialog', async () => {
    saveSession({ token: 'tok', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7000 });
    queryClient.setQueryData(userInfoKey, { cartNum: 0, consentDue: [] } as unknown as UserInfo);
    mockApi({
      '/api/auth/order/add': { code: 0, status: 403, msg: '《用户协议》或《隐私政策》已更新，请阅读并同意后再继续操作', data: { reason: 'CONSENT_REQUIRED', consentDue: due } },
      '/api/auth/user/info': { data: { cartNum: 0, consentDue: due } },
    });
    const error = await apiPost('/api/auth/order/add').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect(queryClient.getQueryData<UserInfo>(userInfoKey)?.consentDue).toEqual(due);
  });

  it('another 403 (a role, a rule) leaves user/info alone', async () => {
    saveSession({ token: 'tok', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7000 });
    queryClient.setQueryData(userInfoKey, { cartNum: 0, consentDue: [] } as unknown as UserInfo);
    mockApi({ '/api/auth/cluster/edit': { code: 0, status: 403, msg: '只有团体负责人可以进行此操作' } });
    await expect(apiPost('/api/auth/cluster/edit')).rejects.toThrow('只有团体负责人');
    expect(queryClient.getQueryData<UserInfo>(userInfoKey)?.consentDue).toEqual([]);
  });
});
