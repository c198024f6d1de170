import { profile } from './profile';

/** The display name. */
export const updateNickname = (nickname: string) => profile.setNickname({ nickname });
