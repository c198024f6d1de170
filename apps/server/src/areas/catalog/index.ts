/**
 * The catalog area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { groupNames } from './group-names';
