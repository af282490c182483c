// Plugin dependencies (docs/dependencies.md): what each version (submission) of a plugin requires.
import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { plugins, submissions } from './schema-plugins.js';

/**
 * The plugins a version requires, as its source upload named them. The plugin's live version (the
 * latest approved one with a binary) decides what its page and the plugin manager show.
 */
export const submissionRequires = pgTable(
  'submission_requires',
  {
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    requiredId: integer('required_id')
      .notNull()
      .references(() => plugins.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.requiredId] }),
    index('submission_requires_required_idx').on(t.requiredId),
  ],
);
