import type { CarBody, CarsPage } from '@bm/core';
import type { AppContext } from '../../context.js';
import { catalogueCache } from '../../platform/catalogue-cache.js';
import type { ReadCache } from '../../platform/read-cache.js';
import type { CarDetailWithAccess } from './presenter.js';

/** How many cars the kept list pages may hold in all (a page of 24 counts 24). */
const LIST_CACHE_CARS = 20_000;
/** Characters of kept car details in all (each counts its description plus 4,000 for the code and loadout). */
const DETAIL_CACHE_CHARS = 4_000_000;

/**
 * What the car reads keep (the server's one ReadCache), one set per server so that every module
 * writing to cars can drop them (carsChanged): list pages and the body menu as anyone sees them,
 * and each car as GET /cars/{id} shows it without the viewer's own stars and vote (added per
 * request). The visibility rule is applied to the kept copy on every request, so a hide or a
 * deletion drops it at once. A counted view or copy drops only that car's details (a visitor is
 * counted at most once per window); lists show new counters within LIST_CACHE_SECONDS.
 */
export interface CarCaches {
  pages: ReadCache<CarsPage>;
  bodies: ReadCache<{ bodies: CarBody[] }>;
  details: ReadCache<CarDetailWithAccess>;
}
const carCaches = new WeakMap<AppContext, CarCaches>();

export function carCachesOf(ctx: AppContext): CarCaches {
  let caches = carCaches.get(ctx);
  if (!caches) {
    caches = {
      pages: catalogueCache(ctx, 'car_pages', { maxSize: LIST_CACHE_CARS, size: (page) => page.items.length }),
      bodies: catalogueCache(ctx, 'car_bodies', { maxSize: 1, size: () => 1 }),
      details: catalogueCache(ctx, 'car_details', {
        maxSize: DETAIL_CACHE_CHARS,
        size: ({ car }) => car.description.length + car.descriptionHtml.length + 4000,
      }),
    };
    carCaches.set(ctx, caches);
  }
  return caches;
}

/**
 * Call after a change to car `id` (every car when left out: a member's name or avatar, or their
 * account disabled or enabled) once it is committed: drops the lists, which may show it, and its
 * kept details.
 */
export function carsChanged(ctx: AppContext, id?: number): void {
  const caches = carCaches.get(ctx);
  if (!caches) return;
  caches.pages.invalidate();
  caches.bodies.invalidate();
  caches.details.invalidate(id === undefined ? undefined : String(id));
}

/** Changes with every carsChanged: what is built from every public car (the sitemap) is built again. */
export const carsGeneration = (ctx: AppContext): number => carCachesOf(ctx).pages.generation;
