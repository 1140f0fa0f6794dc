import { describe, expect, it } from 'vitest';
import { fromHere, originOf, pathOf } from './return-to.ts';

describe('return-to', () => {
  it('keeps the path with its query', () => {
    expect(pathOf({ pathname: '/worker-management', search: '?page=2&q=ali' })).toBe('/worker-management?page=2&q=ali');
    expect(fromHere({ pathname: '/worker/view/1', search: '' })).toEqual({ from: '/worker/view/1' });
  });

  it('accepts only an in-app path as the origin', () => {
    expect(originOf({ state: { from: '/worker-management?page=2' } })).toBe('/worker-management?page=2');
    expect(originOf({ state: { from: 'https://elsewhere.example/' } })).toBeNull();
    expect(originOf({ state: { from: '//elsewhere.example/' } })).toBeNull();
    expect(originOf({ state: null })).toBeNull();
    expect(originOf({ state: { from: 42 } })).toBeNull();
  });
});
