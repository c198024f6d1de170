import { feedback } from './feedback';

/**
 * Feedback of every form (spec §8; showFailure in lib/feedback says how): lib/feedback's one
 * antd App, whose toasts outlast the page or dialog that showed them. Moving to `feedback`
 * itself; kept for the callers not moved yet.
 */
export function useFeedback() {
  return feedback;
}
