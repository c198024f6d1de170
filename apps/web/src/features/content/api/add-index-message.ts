import { useMutation } from '@tanstack/react-query';
import type { IndexMessageBody } from '@lab/contract';
import { content } from '../../../api/content';

/** POST /api/open/indexMsg/add: a visitor's consultation {name, phone, content, company?}. */
export const addIndexMessage = (body: IndexMessageBody) => content.consult(body);

export const useAddIndexMessage = () => useMutation({ mutationFn: addIndexMessage });
