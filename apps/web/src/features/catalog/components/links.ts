import { formatDate as formatInstant } from '../../../lib/format';

/** How a banner, case or external link is opened. */
export type LinkTarget =
  | { kind: 'external'; href: string }
  | { kind: 'internal'; to: string }
  | { kind: 'none' };

const isHttp = (value: string) => /^https?:\/\//i.test(value);

/**
 * Spec, banner carousel: a link starting with http opens in a new tab; any other link value
 * goes to the detail page using that value as rid; a banner without a link is plain.
 */
export function bannerTarget(redirect: string | null | undefined): LinkTarget {
  const value = redirect?.trim();
  if (!value) return { kind: 'none' };
  if (isHttp(value)) return { kind: 'external', href: value };
  return { kind: 'internal', to: `/detail/${encodeURIComponent(value)}` };
}

/** Spec, ability cases: the external source when there is one, else /article/{rid}. */
export function caseTarget(item: { rid: string; source: string | null }): LinkTarget {
  const source = item.source?.trim();
  if (source && isHttp(source)) return { kind: 'external', href: source };
  return { kind: 'internal', to: `/article/${encodeURIComponent(item.rid)}` };
}

/** An external link only when it is a real http(s) address. */
export const safeExternal = (value: string | null | undefined) => {
  const v = value?.trim();
  return v && isHttp(v) ? v : null;
};

/** /project with query typeId and title (service-type tiles); sub-type tags add childId. */
export function projectQueryPath(params: { typeId: number; title: string; groupId?: number; childId?: number }) {
  const query = new URLSearchParams({ typeId: String(params.typeId), title: params.title });
  if (params.groupId !== undefined) query.set('groupId', String(params.groupId));
  if (params.childId !== undefined) query.set('childId', String(params.childId));
  return `/project?${query.toString()}`;
}

/** The project route with typeId and title as path segments (hot special area). */
export const projectRoutePath = (typeId: number, title: string) => `/project/${typeId}/${encodeURIComponent(title)}`;

export const detailPath = (rid: string) => `/detail/${encodeURIComponent(rid)}`;

/** Dates are shown as YYYY-MM-DD. */
export function formatDate(value: string | null | undefined) {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return formatInstant(value) || value;
}
