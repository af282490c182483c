import type { AppContext } from '../../context.js';
import { CarEngagement } from './engagement.js';
import { CarFiles } from './files.js';
import { CarReads } from './reads.js';
import { CarWrites } from './writes.js';

export { carsChanged, carsGeneration } from './caches.js';
export { carMeta } from './reads.js';
export { decodeForStorage } from './writes.js';
export type { VisitorInfo } from './engagement.js';

/**
 * The cars module's services, one per seam: reading (lists, search, details, member pages),
 * writing (by the owner), files (the banner) and engagement (views, copies, votes, ratings).
 * Who may see or change a car is policy.ts; how a car row becomes an answer is presenter.ts.
 */
export class CarService {
  readonly reads: CarReads;
  readonly writes: CarWrites;
  readonly files: CarFiles;
  readonly engagement: CarEngagement;

  constructor(ctx: AppContext) {
    this.reads = new CarReads(ctx);
    this.writes = new CarWrites(ctx);
    this.files = new CarFiles(ctx);
    this.engagement = new CarEngagement(ctx);
  }
}
