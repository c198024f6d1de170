import { z } from 'zod';
import type { RouteEntry } from '../src/app';

/**
 * The field names a route accepts, read from its zod schemas (path, query, body, and the text
 * fields of an upload), nested ones as `lines[].id`. The access-control suite judges them by
 * name, so a new route that takes an id is found the moment it is registered.
 */
export function fieldPaths(schema: unknown, prefix = '', seen = new Set<unknown>()): string[] {
  if (!(schema instanceof z.ZodType) || seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, value]) => {
        const name = prefix ? `${prefix}.${key}` : key;
        const inner = fieldPaths(value, name, seen);
        return inner.length > 0 ? inner : [name];
      });
    case 'array':
      return fieldPaths(def.element, `${prefix}[]`, seen);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return fieldPaths(def.innerType, prefix, seen);
    case 'pipe':
      return unique([...fieldPaths(def.in, prefix, seen), ...fieldPaths(def.out, prefix, seen)]);
    case 'intersection':
      return unique([...fieldPaths(def.left, prefix, seen), ...fieldPaths(def.right, prefix, seen)]);
    case 'union':
      return unique((def.options as unknown[]).flatMap((option) => fieldPaths(option, prefix, seen)));
    case 'lazy':
      return fieldPaths((def.getter as () => unknown)(), prefix, seen);
    default:
      return [];
  }
}

const unique = (names: string[]) => [...new Set(names)];

/** Every field a route accepts, wherever it arrives. */
export function routeFields(route: RouteEntry): string[] {
  return unique([
    ...fieldPaths(route.schema.params),
    ...fieldPaths(route.schema.querystring),
    ...fieldPaths(route.schema.body),
    ...fieldPaths(route.config.upload?.fields),
  ]);
}

/** Names that point at a stored object: rid, id, ids, order_no, order_nos, title_rid, prestore_rids, ticket… */
export const idLike = (field: string) => /(^|[._\]])(rids?|ids?|nos?|ticket)$/i.test(field) || /[a-z](Rids?|Ids?|Nos?)$/.test(field);
