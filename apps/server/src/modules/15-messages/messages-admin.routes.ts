import { calls } from '@lab/contract/calls';
import { serve } from '../../platform/calls';
import { listAnnouncements } from './announcements.service';
import { listOutbox } from './outbox.service';

const readOnly = { readOnly: true };

/** Messages in the back office (admin): the announcements sent and the SMS and e-mail outbox. */
export const messagesAdminRoutes = serve(calls.adminMessages, {
  announcements: { handler: ({ db, body }) => listAnnouncements(db, body), config: readOnly },
  outbox: { handler: ({ db, body }) => listOutbox(db, body), config: readOnly },
});
