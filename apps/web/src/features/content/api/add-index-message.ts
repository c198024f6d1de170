import type { IndexMessageBody } from '@lab/contract';
import { content } from './content';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** POST /api/open/indexMsg/add: a visitor's consultation {name, phone, content, company?}. */
export const addIndexMessage = (body: IndexMessageBody) => content.consult(body);

export const useAddIndexMessage = () => useApiMutation({ mutationFn: addIndexMessage });
