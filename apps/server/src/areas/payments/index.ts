/**
 * The payments area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { closeOpenPaymentsOf } from './check-payments';
