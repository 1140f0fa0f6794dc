import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type Serializer = (data: unknown) => string;

/** A route's response schema: a zod type (or `{ properties: zod }`, as the zod type provider allows). */
function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof $ZodType) return schema as z.ZodType;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties as z.ZodType;
  throw new TypeError(`A response schema must be a zod type: ${JSON.stringify(schema)}`);
}

/**
 * The response's JSON Schema, for fast-json-stringify. `x | null` comes out of zod as `anyOf`, which
 * fast-json-stringify can only serialise by validating the value against each branch at run time (an
 * ajv call per field per row); a nullable scalar, object or array is written as a type list instead,
 * which it handles inline (a `=== null` test, then the branch's own serialiser). A list row's nullable
 * `worker` object was such a validation on every row of the timesheet, charge and training pages.
 */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return flattenNullables(json) as Record<string, unknown>;
}

const FLATTENED_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array']);

function flattenNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(flattenNullables);
  if (node === null || typeof node !== 'object') return node;
  const object = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, flattenNullables(value)]),
  ) as Record<string, unknown>;
  const branches = object.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return object;
  const isNull = (branch: Record<string, unknown>) => branch.type === 'null' && Object.keys(branch).length === 1;
  const nullBranch = branches.find(isNull);
  const valueBranch = branches.find((branch) => branch !== nullBranch) as Record<string, unknown> | undefined;
  if (!nullBranch || !valueBranch || typeof valueBranch.type !== 'string' || !FLATTENED_TYPES.has(valueBranch.type)) {
    return object;
  }
  const { anyOf: _anyOf, ...rest } = object;
  if (valueBranch.type === 'object' || valueBranch.type === 'array') {
    // The branch's properties, required fields and items still shape what is written.
    return { ...rest, ...valueBranch, type: [valueBranch.type, 'null'] };
  }
  // Bounds, formats and enums constrain input, not what we write; only the type matters here.
  return { ...rest, type: [valueBranch.type, 'null'] };
}

/**
 * Decision 045: answers are written by fast-json-stringify, compiled once per route from its zod response
 * schema, instead of a zod parse (a deep copy of every row) followed by JSON.stringify. Like the zod
 * parse, it writes only the fields the schema declares, so a column added to a table never leaks into
 * an answer by accident. With `check` (the tests), every answer is also checked against the zod schema
 * first, so a handler that returns the wrong shape fails its tests as it did before.
 */
export function responseSerializerCompiler({ check }: { check: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = zodSchemaOf(schema);
    const write = fastJsonStringify(responseJsonSchema(zodSchema) as never) as Serializer;
    if (!check) return write;
    return (data: unknown) => {
      const result = zodSchema.safeParse(data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return write(data);
    };
  };
}
