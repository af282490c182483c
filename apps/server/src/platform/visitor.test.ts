import { describe, expect, it } from 'vitest';
import { visitorKey } from './visitor.js';

describe('visitorKey', () => {
  it('keys members by id and others by a keyed hash that holds no raw address', () => {
    expect(visitorKey('secret', 7, '10.0.0.1', 'UA')).toBe('m:7');
    const key = visitorKey('secret', null, '10.0.0.1', 'UA');
    expect(key).toMatch(/^v:[0-9a-f]{64}$/);
    expect(key).not.toContain('10.0.0.1');
    expect(visitorKey('secret', null, '10.0.0.1', 'UA')).toBe(key);
    expect(visitorKey('secret', null, '10.0.0.2', 'UA')).not.toBe(key);
    expect(visitorKey('secret', null, '10.0.0.1', 'Other')).not.toBe(key);
    expect(visitorKey('another secret', null, '10.0.0.1', 'UA')).not.toBe(key);
  });
});
