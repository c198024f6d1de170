import { useQuery } from '@tanstack/react-query';
import type { SetNoticeChannelsBody } from '@lab/contract';
import { messages } from './messages';

/** Under ['member']: refreshed with the member's data (a WeChat bound or unbound changes the default). */
export const noticeChannelKeys = { mine: ['member', 'notice-channels'] as const };

/** message/channels: each service notice's channels (短信, 邮件, 微信). */
export const useNoticeChannels = () => useQuery({ queryKey: noticeChannelKeys.mine, queryFn: () => messages.channels() });

/** message/channels/set */
export const setNoticeChannels = (body: SetNoticeChannelsBody) => messages.setChannels(body);
