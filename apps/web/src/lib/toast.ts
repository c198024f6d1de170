import { feedback } from './feedback';

/** Moving to lib/feedback (the one feedback API): the same toasts, for the callers not moved yet. */
export const toast = {
  success: feedback.success,
  error: feedback.error,
};
