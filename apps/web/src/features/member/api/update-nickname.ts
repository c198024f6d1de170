import { profile } from '../../../api/profile';

/** The display name. */
export const updateNickname = (nickname: string) => profile.setNickname({ nickname });
