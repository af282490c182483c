import type { Car, Plugin } from '@bm/core';

// Answers of the API as the tests of several features build them; a feature's own
// test-fixtures.ts adds what only that feature needs.

/** A plugin with no ratings, downloads or tags yet. */
export function makePlugin(over: Partial<Plugin> = {}): Plugin {
  return {
    id: 5,
    name: 'Aerial Trainer',
    shortDescription: 'Trains aerials',
    description: '',
    homepage: null,
    sourceCodeUrl: null,
    bannerImageUrl: null,
    versionString: null,
    averageRating: 0,
    ratingCount: 0,
    myStars: null,
    followerCount: 0,
    isFollowing: false,
    downloadCount: 0,
    viewCount: 0,
    downloadUrl: null,
    isActive: true,
    publishedOnce: false,
    needsApproval: false,
    isListed: true,
    isPubliclyVisible: true,
    isPinned: false,
    skipBuildServer: false,
    isFeatured: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    member: { id: 7, displayName: 'octane', avatarUrl: null },
    author: 'octane',
    tags: [],
    compatibility: { gameVersionId: null, status: 'unverified' },
    ...over,
  };
}

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
