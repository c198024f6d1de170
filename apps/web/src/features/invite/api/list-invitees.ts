import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Invitee, Page } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { inviteKeys } from './keys';

/** POST /api/auth/web/invite/list: the members I invited, newest first (phones masked by the server). */
export const listInvitees = (page: number, pageSize = 10) => apiPost<Page<Invitee>>('/api/auth/web/invite/list', { page, pageSize });

export const useInvitees = (page: number, pageSize = 10) =>
  useQuery({ queryKey: [...inviteKeys.invitees, page, pageSize], queryFn: () => listInvitees(page, pageSize), placeholderData: keepPreviousData });
