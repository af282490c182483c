import { describe, expect, it } from 'vitest';
import {
  CAR_MESSAGES as M,
  carRateRequest,
  carUpsertRequest,
  carsQuery,
  carListSort,
  isCarActive,
  memberCarsQuery,
  normalizeCarCode,
} from './index.js';

const V4 = 'hAMwB1wABMItCGEWAAA=';
const firstMessage = (input: unknown) => {
  const r = carUpsertRequest.safeParse(input);
  return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('car form rules', () => {
  it('accepts a valid car, trimming the name and defaulting the description', () => {
    expect(carUpsertRequest.parse({ name: '  Octane  ', code: ` ${V4} ` })).toEqual({
      name: 'Octane',
      code: V4,
      description: '',
    });
  });

  it("gives one message per broken rule, the decoder's for a code that does not decode", () => {
    expect(firstMessage({ code: V4 })).toEqual([`name: ${M.nameRequired}`]);
    expect(firstMessage({ name: ' ', code: V4 })).toEqual([`name: ${M.nameRequired}`]);
    expect(firstMessage({ name: 'ab', code: V4 })).toEqual([`name: ${M.nameShort}`]);
    expect(firstMessage({ name: 'x'.repeat(65), code: V4 })).toEqual([`name: ${M.nameLong}`]);
    expect(firstMessage({ name: 'Octane' })).toEqual([`code: ${M.codeRequired}`]);
    expect(firstMessage({ name: 'Octane', code: '' })).toEqual([`code: ${M.codeRequired}`]);
    expect(firstMessage({ name: 'Octane', code: 'hAMwB1wBBMItCGEWAAA=' })).toEqual([
      'code: Car code checksum does not match',
    ]);
    expect(firstMessage({ name: 'Octane', code: V4, description: 'd'.repeat(5001) })).toEqual([
      `description: ${M.descriptionLong}`,
    ]);
  });

  it('rates with whole stars from 1 to 5', () => {
    expect(carRateRequest.safeParse({ stars: 5 }).success).toBe(true);
    for (const stars of [0, 6, 2.5, '3'])
      expect(carRateRequest.safeParse({ stars }).error?.issues[0]?.message).toBe(M.starsRange);
  });
});

describe('car list queries', () => {
  it('defaults to page 1 of 17, most viewed first, and keeps sizes within bounds', () => {
    expect(carsQuery.parse({})).toEqual({ page: 1, pageSize: 17, sortDir: 'desc' });
    expect(carListSort(carsQuery.parse({}))).toBe('views');
    expect(carListSort(carsQuery.parse({ sort: 'trending' }))).toBe('trending');
    expect(carListSort(carsQuery.parse({ sort: 'trending', sortBy: 'name' }))).toBe('name');
    expect(carsQuery.parse({ page: '0', pageSize: '500', search: '  ' })).toMatchObject({
      page: 1,
      pageSize: 100,
      search: undefined,
    });
    expect(memberCarsQuery.parse({ pageSize: '500' })).toEqual({ page: 1, pageSize: 50 });
    expect(memberCarsQuery.parse({})).toEqual({ page: 1, pageSize: 16 });
  });
});

describe('car helpers', () => {
  it('treats A and I as active', () => {
    expect([isCarActive('A'), isCarActive('I'), isCarActive('D')]).toEqual([true, true, false]);
  });
  it('stores codes without whitespace', () => {
    expect(normalizeCarCode(' hAMw B1wA\nBMItCGEWAAA= ')).toBe(V4);
  });
});
