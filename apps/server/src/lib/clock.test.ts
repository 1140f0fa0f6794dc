import { validate, version } from 'uuid';
import { describe, expect, it } from 'vitest';
import { newId } from './clock.ts';

describe('newId (decision 048)', () => {
  it('makes distinct UUID v7 ids that sort in the order they were made, with the time in front', () => {
    const before = Date.now();
    // Most of them within the same millisecond: uuid's own counter keeps them in order.
    const ids = Array.from({ length: 2000 }, newId);
    const after = Date.now();

    expect(ids.every((id) => validate(id) && version(id) === 7)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    const msecs = (id: string) => Number.parseInt(id.replace('-', '').slice(0, 12), 16);
    expect(msecs(ids[0] ?? '')).toBeGreaterThanOrEqual(before);
    expect(msecs(ids.at(-1) ?? '')).toBeLessThanOrEqual(after + 1);
  });
});
