import { useMutation } from '@tanstack/react-query';
import type { IndexMessageBody } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/open/indexMsg/add: a visitor's consultation {name, phone, content, company?}. */
export const addIndexMessage = (body: IndexMessageBody) => apiPost<unknown>('/api/open/indexMsg/add', { ...body });

export const useAddIndexMessage = () => useMutation({ mutationFn: addIndexMessage });
