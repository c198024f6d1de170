import { useQuery } from '@tanstack/react-query';
import type { grants as table } from '@lab/contract/grants/calls';
import type { GrantRequestStatus } from '@lab/contract';
import routes from 'virtual:calls/grants';
import { bindCalls } from '../../../api/client';
import { memberKeys } from '../../../api/query-keys';
import { downloadFile } from '../../../lib/download';

/** 科研团体 → 经费卡与审批: grant cards, allowances, the PI's approvals. */
export const grants = bindCalls<typeof table>(routes, downloadFile);

/** Under ['member'], so every member mutation's refresh refetches them. */
export const grantKeys = {
  all: [...memberKeys.all, 'grants'] as const,
  cards: (communityRid: string) => [...memberKeys.all, 'grants', 'cards', communityRid] as const,
  allowances: (cardRid: string) => [...memberKeys.all, 'grants', 'allowances', cardRid] as const,
  requests: (status: string) => [...memberKeys.all, 'grants', 'requests', status] as const,
  request: (rid: string) => [...memberKeys.all, 'grants', 'request', rid] as const,
};

export const useGrantCards = (communityRid: string | undefined) =>
  useQuery({ queryKey: grantKeys.cards(communityRid ?? ''), queryFn: () => grants.cards({ community_rid: communityRid! }), enabled: Boolean(communityRid) });

export const useAllowances = (cardRid: string | undefined) =>
  useQuery({ queryKey: grantKeys.allowances(cardRid ?? ''), queryFn: () => grants.allowances({ card_rid: cardRid! }), enabled: Boolean(cardRid) });

export const useGrantRequests = (status: GrantRequestStatus | '') => useQuery({ queryKey: grantKeys.requests(status), queryFn: () => grants.requests(status ? { status } : {}) });

export const useGrantRequest = (rid: string) => useQuery({ queryKey: grantKeys.request(rid), queryFn: () => grants.request({ rid }), retry: false });

/** The card's 对账单 (xlsx; one member's when member_rid is given): a GET with the token header. */
export const exportGrantStatement = (cardRid: string, memberRid?: string) => grants.statement({ card_rid: cardRid, ...(memberRid ? { member_rid: memberRid } : {}) }, '经费卡对账单.xlsx');
