import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { inviteKeys } from './invite-keys';
import { invites } from './invites';

/** POST /api/auth/web/invite/list: the members I invited, newest first (phones masked by the server). */
export const listInvitees = (page: number, pageSize = 10) => invites.list({ page, pageSize });

export const useInvitees = (page: number, pageSize = 10) =>
  useQuery({ queryKey: [...inviteKeys.invitees, page, pageSize], queryFn: () => listInvitees(page, pageSize), placeholderData: keepPreviousData });
