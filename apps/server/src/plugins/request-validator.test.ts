import type { FastifyRouteSchemaDef } from 'fastify/types/schema.ts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requestValidatorCompiler } from './request-validator.ts';

function compile(schema: z.ZodType, httpPart = 'querystring') {
  const route = { schema, httpPart, method: 'GET', url: '/' } as FastifyRouteSchemaDef<z.ZodType>;
  return requestValidatorCompiler(route) as (data: unknown) => { value?: unknown; error?: unknown };
}

function counted() {
  const parsed = { times: 0 };
  const schema = z.object({
    q: z
      .string()
      .optional()
      .transform((value) => {
        parsed.times++;
        return value?.trim() || undefined;
      }),
    page: z.coerce.number().default(1),
  });
  return { parsed, schema };
}

describe('request validator', () => {
  it('parses a query without parameters once per route and gives each request its own copy', () => {
    const { parsed, schema } = counted();
    const validate = compile(schema);
    const first = validate({});
    const second = validate({});
    expect(first).toEqual({ value: { q: undefined, page: 1 } });
    expect(second).toEqual(first);
    expect(second.value).not.toBe(first.value);
    expect(parsed.times).toBe(1);
    (first.value as Record<string, unknown>).page = 7;
    expect(validate({})).toEqual({ value: { q: undefined, page: 1 } });
  });

  it('parses every query with parameters, and every other part of a request', () => {
    const { parsed, schema } = counted();
    const query = compile(schema);
    expect(query({ q: ' ahmad ', page: '2' })).toEqual({ value: { q: 'ahmad', page: 2 } });
    expect(query({ q: ' ahmad ', page: '2' })).toEqual({ value: { q: 'ahmad', page: 2 } });
    const body = compile(schema, 'body');
    body({});
    body({});
    expect(parsed.times).toBe(4);
  });

  it('refuses an empty query each time a schema requires a parameter', () => {
    const validate = compile(z.object({ month: z.string() }));
    const first = validate({});
    const second = validate({});
    expect(first.error).toBeTruthy();
    expect(second.error).toEqual(first.error);
    expect(second.error).not.toBe(first.error);
  });

  it('parses each time when the result holds an object a handler could change', () => {
    let times = 0;
    const validate = compile(
      z.object({
        ids: z
          .array(z.string())
          .default([])
          .transform((ids) => {
            times++;
            return ids;
          }),
      }),
    );
    const first = validate({});
    const second = validate({});
    expect(second.value).toEqual({ ids: [] });
    expect((second.value as { ids: string[] }).ids).not.toBe((first.value as { ids: string[] }).ids);
    expect(times).toBe(2);
  });
});
