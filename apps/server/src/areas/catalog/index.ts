/**
 * The catalog area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { bookableInstruments, groupNames, itemIdsNamed, itemsByIds, itemsByRids, type PricedItem } from './items-for-orders';
export { countOrderedItems, setItemOrderCounts } from './ordered-items';
export { refreshItemWords } from './item-words';
