/** Types of .dependency-cruiser.mjs, for test/areas.test.ts. */
import type { ICruiseOptions, IForbiddenRuleType } from 'dependency-cruiser';
declare const config: { forbidden: IForbiddenRuleType[]; options: ICruiseOptions };
export default config;
