/** Types of graph.mjs (plain JavaScript, so dependency-cruiser's config can read it). */
export declare const areas: Record<string, readonly string[]>;
export declare const readsAnyTables: readonly string[];
export declare const tableReadExceptions: readonly { from: string; tablesOf: readonly string[]; why: string }[];
