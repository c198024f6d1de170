/** Query keys of the instrument calendar (open data; the member's own hours only with a token). */
export const reservationCalendarKeys = {
  all: ['reservation', 'time'] as const,
  time: (rid: string, date: string | undefined, member: boolean) => ['reservation', 'time', rid, date ?? '', member ? 'member' : 'visitor'] as const,
};
