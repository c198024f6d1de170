import type { ProfileAttestBody } from '@lab/contract';
import { profile } from '../profile';

/** The 资料认证 (creates the first address when none). */
export const updateProfile = (body: ProfileAttestBody) => profile.attest(body);
