import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteIdentityBody } from '@lab/contract';
import { adminContent } from './admin-content';
import { contentKeys } from './keys';

/** POST /api/admin/content/settings/identity/get — 备案与主体信息 as stored. */
export const getIdentity = () => adminContent.identity();

export const identityQueryOptions = () => queryOptions({ queryKey: contentKeys.identity, queryFn: getIdentity });

export const useIdentity = () => useQuery(identityQueryOptions());

/** POST /api/admin/content/settings/identity — every part may be blank (the footer leaves it out). */
export const saveIdentity = (body: SiteIdentityBody) => adminContent.saveIdentity({ ...body, founded: body.founded ?? '' });
