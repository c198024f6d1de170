import { registerModuleHooks } from '../src/area-hooks';

// Service tests pay and complete orders without buildApp; growth must hear of it as in the server.
registerModuleHooks();
