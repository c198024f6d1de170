import { registerGrowthHooks } from './60-growth/growth-hooks';

/**
 * Wires what flows upward between modules (an order paid reaching points and rebates, an invited
 * sign-up reaching growth): a lower module keeps a typed handler list, a higher one registers
 * into it here. buildApp, the demo seed and the test setup call this; it is idempotent.
 */
export function registerModuleHooks(): void {
  registerGrowthHooks();
}
