import { decodeCarCode, type Car, type CarDetail, type CarsPage } from '@bm/core';
import { makeCar } from '../../test/fixtures';

export { BAD_CHECKSUM_CODE, makeCar, OCTANE_CODE } from '../../test/fixtures';

export function makeDetail(overrides: Partial<CarDetail> = {}): CarDetail {
  const car = makeCar(overrides);
  const decoded = decodeCarCode(car.code);
  if (!decoded.ok) throw new Error(decoded.message);
  return {
    ...car,
    loadout: decoded.loadout,
    myStars: null,
    myVote: 'N',
    descriptionHtml: `<p>${car.description}</p>`,
    ...overrides,
  };
}

export function makePage(
  items: Car[],
  totalCount = items.length,
  totalPages = totalCount > 0 ? Math.ceil(totalCount / 17) : 0,
): CarsPage {
  return { items, totalCount, totalPages };
}
