import { describe, expect, it } from 'vitest';
import { decodeCarCode } from './decode.js';
import { BODY_NAMES } from './names.js';
import { PRODUCT_NAMES } from './product-names.js';

/** The two-team sample of the reference library (see car-code.test.ts). */
const LIB_V3_SAMPLE = 'AwtFClyAjKh6BghADgD5Y/0HXv7//z8KXIBBOGUZoQEVyEVmWSfhtgEAACg=';

describe('item names by product id', () => {
  it('names every non-body item of the reference sample, each of the kind its slot says', () => {
    const decoded = decodeCarCode(LIB_V3_SAMPLE);
    if (!decoded.ok) throw new Error(decoded.message);
    const named = [...decoded.loadout.blue.items, ...decoded.loadout.orange.items]
      .filter((i) => i.slot !== 0)
      .map((i) => [i.slot, PRODUCT_NAMES[i.productId]]);
    expect(named).toEqual([
      [2, 'Bionic'], // wheels
      [3, '(Alpha Reward) Gold Rush'], // rocket boost
      [4, 'Heart'], // antenna
      [18, 'Brutal Darkness'], // anthem
      [1, 'Mainframe'], // decal
      [2, 'Apex'], // wheels
      [5, 'Birthday Bash'], // topper
      [18, 'Flip Reset'], // anthem
    ]);
  });

  it('covers the common slots and leaves bodies to the reviewed body table', () => {
    expect(PRODUCT_NAMES[376]).toBe('OEM');
    expect(PRODUCT_NAMES[1]).toBe('8-Ball');
    expect(Object.keys(PRODUCT_NAMES).length).toBeGreaterThan(5000);
    for (const id of Object.keys(BODY_NAMES)) expect(PRODUCT_NAMES[Number(id)], `body ${id}`).toBeUndefined();
    for (const name of Object.values(PRODUCT_NAMES)) expect(name.trim()).toBe(name);
  });
});
