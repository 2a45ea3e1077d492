import { describe, expect, it } from 'vitest';
import { noStore } from './no-store.js';

describe('noStore', () => {
  it('forbids every cache, HTTP/1.0 ones too', () => {
    const headers: Record<string, string> = {};
    noStore({ set: (name: string, value: string) => void (headers[name] = value) } as never);
    expect(headers).toEqual({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
  });
});
