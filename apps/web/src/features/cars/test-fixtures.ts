import { decodeCarCode, type Car, type CarDetail, type CarsPage } from '@bm/core';

/** A valid v4 code (an Octane) and one whose checksum is wrong. */
export const OCTANE_CODE = 'hAMwB1wABMItCGEWAAA=';
export const BAD_CHECKSUM_CODE = 'hAMwB1wBBMItCGEWAAA=';

export function makeCar(overrides: Partial<Car> = {}): Car {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `Car ${id}`,
    code: OCTANE_CODE,
    description: '',
    bannerUrl: null,
    member: { id: 3, displayName: 'RocketRyan', avatarUrl: null },
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-01-10T10:00:00.000Z',
    views: 10,
    codeCopies: 2,
    upvotes: 0,
    downvotes: 0,
    averageRating: 0,
    ratingCount: 0,
    isPinned: false,
    status: 'A',
    isPublic: true,
    bodyProductId: 23,
    bodyName: 'Octane',
    ...overrides,
  };
}

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

/** A promise the test resolves when it chooses. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
