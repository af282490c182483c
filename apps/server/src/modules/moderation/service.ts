import type { AppContext } from '../../context.js';
import { ModerationCars } from './cars.js';
import { ModerationDecisions } from './decisions.js';
import { ModerationQueue } from './queue.js';
import { ModerationReports } from './reports.js';
import { ModerationReview } from './review.js';

export type { ApprovalFiles } from './decisions.js';

/**
 * Moderation, one service per seam: the review queue's lists (queue.ts), one review with its lock
 * (review.ts), decisions on it (decisions.ts), reports of plugins (reports.ts), and cars (cars.ts).
 * Every action leaves an audit row (shared.ts); authors hear of decisions through notifications.
 */
export class ModerationService {
  readonly queue: ModerationQueue;
  readonly review: ModerationReview;
  readonly decisions: ModerationDecisions;
  readonly reports: ModerationReports;
  readonly cars: ModerationCars;

  constructor(ctx: AppContext) {
    this.queue = new ModerationQueue(ctx);
    this.review = new ModerationReview(ctx);
    this.decisions = new ModerationDecisions(ctx);
    this.reports = new ModerationReports(ctx);
    this.cars = new ModerationCars(ctx);
  }
}
