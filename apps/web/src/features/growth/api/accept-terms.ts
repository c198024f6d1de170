import { promotion } from './promotion';

/** POST /api/auth/promoter_terms/accept: I accept the version of the 推广合伙人协议 in force (before withdrawing after a new version). */
export const acceptPartnerTerms = (version: number) => promotion.acceptTerms({ version });
