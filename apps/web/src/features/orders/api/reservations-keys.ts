import { memberKeys } from '../../../api/query-keys';

/** Under ['member'], so refreshMemberData() (e.g. after a booking on the calendar) refreshes the list. */
export const reservationKeys = {
  list: [...memberKeys.all, 'reservations'] as const,
};
