import type { consents as table } from '@lab/contract/calls/agreements';
import routes from 'virtual:calls/consents';
import { bindCalls } from './client';

/** The member's consents: 同意 after a new version, 营销短信 on or off, the history. */
export const consents = bindCalls<typeof table>(routes);
