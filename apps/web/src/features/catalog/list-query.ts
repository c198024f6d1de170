/**
 * The query parameters the service list (/project) reads. The server draws and caches the list
 * under its path and these alone, so an address with anything else appended (a share link's
 * `from=…`, a campaign's `utm_…`) is the same page from the same cache entry, not a new drawing.
 */
export const LIST_QUERY_KEYS = ['typeId', 'groupId', 'childId', 'title', 'keyword', 'sort', 'page'] as const;
