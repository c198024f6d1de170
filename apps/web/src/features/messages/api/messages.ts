import type { messages as table } from '@lab/contract/messages/calls';
import routes from 'virtual:calls/messages';
import { bindCalls } from '../../../api/client';

/** 站内消息 (个人中心 and the header bell) */
export const messages = bindCalls<typeof table>(routes);
