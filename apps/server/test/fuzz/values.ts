import fc from 'fast-check';
import { z } from 'zod';

/**
 * The values the fuzzer puts in a request's body or query (inputs.ts encodes them): plausible
 * ones from the route's zod schema (JSON Schema, input side), then broken — wrong types, missing
 * and unknown fields, oversized and boundary values, control characters, prototype keys.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  additionalProperties?: JsonSchema | boolean;
  default?: unknown;
};

export function toJsonSchema(schema: unknown): JsonSchema | null {
  if (!schema) return null;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
}

/** Object schemas behind allOf / anyOf / oneOf, merged or one chosen, as a flat list of shapes. */
function objectShapes(schema: JsonSchema): JsonSchema[] {
  if (schema.properties) return [schema];
  if (schema.allOf) {
    const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
    for (const part of schema.allOf) {
      for (const shape of objectShapes(part).slice(0, 1)) {
        Object.assign(merged.properties!, shape.properties);
        merged.required!.push(...(shape.required ?? []));
      }
    }
    return [merged];
  }
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return options.flatMap(objectShapes);
  return [];
}

// ---- plausible values: what a well-behaved client would send ----

function plausible(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant('x');
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((option) => plausible(option, depth + 1)));
  if (schema.allOf || schema.properties) {
    const shapes = objectShapes(schema);
    if (shapes.length) return fc.oneof(...shapes.map((shape) => plausibleObject(shape, depth + 1)));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return plausibleString(schema);
    case 'integer': {
      const min = Math.max(schema.minimum ?? -1000, -1e9);
      const max = Math.min(schema.maximum ?? 1000, 1e9);
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? plausible(schema.items, depth + 1) : fc.string(), { maxLength: 3 });
    case 'object':
      return fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 });
    case 'null':
      return fc.constant(null);
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  }
}

function plausibleString(schema: JsonSchema): fc.Arbitrary<string> {
  const max = Math.min(schema.maxLength ?? 30, 30);
  const min = Math.min(schema.minLength ?? 0, max);
  if (schema.pattern) {
    try {
      const pattern = new RegExp(schema.pattern);
      return fc.stringMatching(pattern).filter((s) => s.length <= (schema.maxLength ?? 1e6) && s.length >= min);
    } catch {
      // a pattern JavaScript cannot read: fall through to plain text
    }
  }
  return fc.oneof(
    fc.string({ minLength: Math.max(min, 1), maxLength: Math.max(max, 1), unit: 'grapheme' }),
    fc.constantFrom('测试', '13800138000', '2026-05-20', '2026-05-20 10:00', '100.50', '1', 'XRD', 'abc@example.com'),
  );
}

function plausibleObject(shape: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = shape.properties ?? {};
  const required = new Set(shape.required ?? []);
  const entries = Object.entries(properties).map(([key, child]) => [key, plausible(child, depth)] as const);
  return fc.record(Object.fromEntries(entries), { requiredKeys: [...required].filter((k) => k in properties) }) as fc.Arbitrary<Record<string, unknown>>;
}

// ---- hostile values ----

const deep = (depth: number, leaf: unknown = 1): unknown => {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

const controlChars = fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 8 });

/** 64 KB and 1 MB of Chinese text (UTF-8), past every field's and the body's limit. */
export const hugeTexts = [64 * 1024, 1000 * 1000].map((bytes) => '汉'.repeat(bytes / 3));

/** Strings a field should refuse or survive: control characters, NUL, odd unicode, huge. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  controlChars,
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff\ud800',
    '\u202e\u0635',
    '😀👨‍👩‍👧‍👦🏳️‍🌈',
    '\uFEFF',
    ' ',
    '',
    '　',
    "' or 1=1 --",
    '"; drop table members; --',
    '<script>alert(1)</script>',
    '${7*7}{{7*7}}',
    '%00',
    '../../etc/passwd',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e400',
    '-1',
    '0',
    '-0',
    '0x1F',
    '１２３',
    '2147483648',
    '-2147483649',
    '9223372036854775808',
    '9007199254740993',
    '99999999999999999999999999999',
    '1.5',
    ' 12 ',
    'true',
    'null',
    'undefined',
    '[object Object]',
    '2026-02-30',
    '2026-13-01',
    '0000-00-00',
    '9999-12-31',
    '275760-09-13',
    '2026-05-20T25:61:00Z',
    '00:00',
    '24:00',
    '-1:-1',
    '13800138000'.repeat(3),
  ),
  fc.integer({ min: 201, max: 5000 }).map((n) => 'x'.repeat(n)),
  // built once: a fresh megabyte per request made the fuzzer, not the server, the slow part
  fc.constantFrom(...hugeTexts),
);

const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 0.5, -0.5, 1e-7, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e21, 1e308, -1e308, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A value of any shape that a field of a given type should refuse (or cope with). */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, {}, [], [null], [[]], { length: 1e9 }) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { minLength: 1, maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { minKeys: 1, maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(20, 200, 2000).map((d) => deep(d)) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 10_000 }, (_, i) => i)) },
);

const pollutionKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

type Mutation =
  | { op: 'replace'; field: number; value: unknown }
  | { op: 'delete'; field: number }
  | { op: 'extra'; key: string; value: unknown }
  | { op: 'pollute'; key: string; value: unknown };

const mutation = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constant('replace' as const), field: fc.nat(), value: hostileValue }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), field: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('extra' as const), key: fc.string({ minLength: 1, maxLength: 12 }), value: hostileValue }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('pollute' as const), key: fc.constantFrom(...pollutionKeys), value: fc.constantFrom({ polluted: 1 }, { prototype: { polluted: 1 } }, 'x', 1) }) },
) as fc.Arbitrary<Mutation>;

function applyMutations(base: Record<string, unknown>, fields: string[], mutations: Mutation[]): Record<string, unknown> {
  // own properties named __proto__ survive only when built from JSON text
  const value: Record<string, unknown> = JSON.parse(JSON.stringify(base ?? {})) ?? {};
  for (const m of mutations) {
    const field = 'field' in m && fields.length ? fields[m.field % fields.length]! : null;
    if (m.op === 'replace' && field) value[field] = m.value;
    else if (m.op === 'delete' && field) delete value[field];
    else if (m.op === 'extra' || m.op === 'pollute') Object.defineProperty(value, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
  }
  return value;
}

/** A body (or query) value: plausible, then broken in one to three places (or not at all). */
export function valueFor(schema: JsonSchema | null): fc.Arbitrary<unknown> {
  const shapes = schema ? objectShapes(schema) : [];
  const base: fc.Arbitrary<Record<string, unknown>> = shapes.length
    ? fc.oneof(...shapes.map((shape) => plausibleObject(shape, 0)))
    : fc.constant({});
  const fields = [...new Set(shapes.flatMap((shape) => Object.keys(shape.properties ?? {})))];
  return fc.oneof(
    { weight: 12, arbitrary: fc.tuple(base, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([b, ms]) => applyMutations(b, fields, ms)) },
    { weight: 1, arbitrary: base },
    // the whole body of the wrong type
    { weight: 1, arbitrary: hostileValue },
  );
}
