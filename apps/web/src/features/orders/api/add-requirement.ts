import type { RequirementAddBody } from '@lab/contract';
import { requirements } from './requirements';

/** A testing requirement; attachments follow with demand/file. */
export const addRequirement = (body: RequirementAddBody) =>
  requirements.add({
    title: body.title,
    content: body.content,
    samples: body.samples,
    budget: body.budget,
    deadline: body.deadline,
    contact: body.contact,
    phone: body.phone,
  });
