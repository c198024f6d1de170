import { fuzzShard } from './fuzz-suite';

// one of four shards of the fuzz suite (fuzz-suite.ts), so both test workers share it
await fuzzShard(2, 4);
