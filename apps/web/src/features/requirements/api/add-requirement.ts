import type { Requirement, RequirementAddBody } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/demand/add: a testing requirement; attachments follow with demand/file. */
export const addRequirement = (body: RequirementAddBody) =>
  apiPost<Requirement>('/api/auth/demand/add', {
    title: body.title,
    content: body.content,
    samples: body.samples,
    budget: body.budget,
    deadline: body.deadline,
    contact: body.contact,
    phone: body.phone,
  });
