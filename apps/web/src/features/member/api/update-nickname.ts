import { apiPost } from '../../../lib/api';

/** POST /api/auth/user/updateInfo: the display name. */
export const updateNickname = (nickname: string) => apiPost<null>('/api/auth/user/updateInfo', { nickname });
