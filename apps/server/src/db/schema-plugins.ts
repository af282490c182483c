// Plugin catalogue tables (issue: plugin catalogue).
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Capability, DllInspection } from '@bm/core';
import { members } from './schema-accounts.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Filled by a trigger (migration plugins_search): name A, short description B, description C, author D. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** A transaction id (pg_current_xact_id()), read as text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

export type SubmissionStatus = 'q' | 'b' | 'p' | 'a' | 'r' | 's';

export const plugins = pgTable(
  'plugins',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    description: text('description').notNull().default(''),
    homepage: text('homepage'),
    sourceCodeUrl: text('source_code_url'),
    bannerKey: text('banner_key'),
    isActive: boolean('is_active').notNull().default(true),
    publishedOnce: boolean('published_once').notNull().default(false),
    needsApproval: boolean('needs_approval').notNull().default(false),
    isListed: boolean('is_listed').notNull().default(true),
    isPubliclyVisible: boolean('is_publicly_visible').notNull().default(true),
    isPinned: boolean('is_pinned').notNull().default(false),
    skipBuildServer: boolean('skip_build_server').notNull().default(false),
    /** Set by an administrator: shown in the home page's featured strip. */
    isFeatured: boolean('is_featured').notNull().default(false),
    downloadCount: integer('download_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    searchVector: tsvector('search_vector'),
    /** The plugin's tag ids in order, kept by a trigger on plugin_tags (migration 0009): tag counts of a search read them off its matches. */
    tagIds: integer('tag_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => {
    // Lists and search only ever show these; the partial indexes below hold just them.
    const listed = sql`${t.isActive} and ${t.isListed} and ${t.isPubliclyVisible} and ${t.publishedOnce}`;
    return [
      check('plugins_short_description_len', sql`char_length(${t.shortDescription}) <= 500`),
      index('plugins_member_idx').on(t.memberId, t.updatedAt.desc()),
      index('plugins_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
      index('plugins_listed_downloads_idx').on(t.downloadCount.desc(), t.id.desc()).where(listed),
      index('plugins_listed_name_idx')
        .on(sql`lower(${t.name})`, t.id)
        .where(listed),
      index('plugins_listed_created_idx').on(t.createdAt.desc(), t.id.desc()).where(listed),
      index('plugins_listed_updated_idx').on(t.updatedAt.desc(), t.id.desc()).where(listed),
    ];
  },
);

/**
 * What a search reads (migration 0010, kept by a trigger on plugins): one row per listed plugin
 * (active, listed, public, published), so a search walks neither the plugins' wide rows nor the
 * unlisted ones. The name in lower case, its length, the downloads, whether there is source code
 * and the tag ids rank, filter and count the matches; the name's words (a GIN index of few, short
 * postings) find the name matches; the whole search document (plugins.search_vector) finds the rest.
 */
export const pluginSearch = pgTable(
  'plugin_search',
  {
    pluginId: integer('plugin_id')
      .primaryKey()
      .references(() => plugins.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameLength: integer('name_length').notNull(),
    downloads: integer('downloads').notNull(),
    hasSource: boolean('has_source').notNull(),
    tagIds: integer('tag_ids').array().notNull(),
    nameVector: tsvector('name_vector').notNull(),
    document: tsvector('document').notNull(),
  },
  (t) => [
    index('plugin_search_name_idx').using('gin', t.nameVector).with({ fastupdate: false }),
    index('plugin_search_document_idx').using('gin', t.document).with({ fastupdate: false }),
  ],
);

/**
 * Which plugin_search rows changed (migration 0011, written by its triggers): the in-memory match
 * index of each server (modules/plugins/match-index.ts) reads what is new since its last look and
 * reloads those plugins. `xid` is the writing transaction: entries of transactions still running
 * when an index looked are read again on its next look (their sequence numbers may be lower than
 * ones it has already seen). Entries older than an hour are dropped.
 */
export const pluginSearchChanges = pgTable(
  'plugin_search_changes',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    pluginId: integer('plugin_id').notNull(),
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plugin_search_changes_xid_idx').on(t.xid), index('plugin_search_changes_at_idx').on(t.at)],
);

/**
 * Every word of the listed plugins' search documents (migration 0010, kept by plugin_search's
 * trigger): a search's last word, typed as a prefix, is looked up here and searched as the words it
 * begins, which the GIN indexes answer far faster than a prefix. Words never leave: one no plugin
 * uses any more only widens a search by a term that finds nothing.
 */
export const searchLexemes = pgTable('search_lexemes', { lexeme: text('lexeme').primaryKey() }, (t) => [
  index('search_lexemes_prefix_idx').using('btree', sql`${t.lexeme} text_pattern_ops`),
]);

/**
 * The search vocabulary (migration 0009, kept by triggers): the words of plugin names, short
 * descriptions, authors and tags, 4 to 24 characters with a letter. A misspelt search word is
 * corrected to those within one edit (two for long words).
 */
export const searchVocabulary = pgTable('search_words', { word: text('word').primaryKey() });

/**
 * Each vocabulary word under itself and every spelling with one letter deleted (and two, for words
 * of 7 letters or more): two words within k edits share a spelling with at most k deletions each,
 * so a search word's own deletions find its corrections through this primary key.
 */
export const searchWordVariants = pgTable(
  'search_word_variants',
  { variant: text('variant').notNull(), word: text('word').notNull() },
  (t) => [primaryKey({ columns: [t.variant, t.word] })],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    shortName: text('short_name').notNull(),
    longName: text('long_name').notNull(),
    helpText: text('help_text').notNull().default(''),
  },
  (t) => [uniqueIndex('tags_short_name_lower_idx').on(sql`lower(${t.shortName})`)],
);

export const pluginTags = pgTable(
  'plugin_tags',
  {
    pluginId: integer('plugin_id')
      .notNull()
      .references(() => plugins.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.pluginId, t.tagId] }), index('plugin_tags_tag_idx').on(t.tagId, t.pluginId)],
);

/**
 * A source upload and its way through build and review (status letters q b p a r s). An approved
 * submission with a binary ZIP is a version: what the site and the in-game manager download.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: serial('id').primaryKey(),
    pluginId: integer('plugin_id')
      .notNull()
      .references(() => plugins.id, { onDelete: 'cascade' }),
    sourceKey: text('source_key').notNull(),
    sourceName: text('source_name').notNull(),
    sourceSize: integer('source_size').notNull(),
    versionString: text('version_string'),
    status: text('status').$type<SubmissionStatus>().notNull().default('q'),
    notes: text('notes'),
    /** The author's public changelog for this version (markdown, at most PLUGIN_CHANGELOG_MAX characters). */
    changelog: text('changelog'),
    /** The moderator's note on approval: private (the owner and staff only), never in public answers. */
    approvalNote: text('approval_note'),
    denyReason: text('deny_reason'),
    binaryKey: text('binary_key'),
    /** SHA-256 (hex) of the binary ZIP, computed when it is stored (older rows: on first read). */
    binarySha256: text('binary_sha256'),
    /** Every file inside the binary ZIP with its size and SHA-256, computed with binarySha256. */
    binaryFiles: jsonb('binary_files').$type<Array<{ path: string; size: number; sha256: string }>>(),
    /** What was read inside every DLL of the binary ZIP when it was stored (docs/inspection.md); older rows: on first review. */
    binaryInspection: jsonb('binary_inspection').$type<{
      dlls: DllInspection[];
      capabilities: Capability[];
      hosts: string[];
    }>(),
    debugKey: text('debug_key'),
    /**
     * The builder's signed provenance of the binary (a DSSE envelope as received, docs/provenance.md),
     * verified when the build reported success; null when a moderator attached the binary by hand.
     */
    provenance: jsonb('provenance').$type<{
      payloadType: string;
      payload: string;
      signatures: Array<{ keyid?: string; sig: string }>;
    }>(),
    /** The verified statement's builder id and the trusted key that signed it. */
    provenanceBuilderId: text('provenance_builder_id'),
    provenanceKeyId: text('provenance_key_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** Set when a moderator hides it from review (the hidden list); cleared when it is reviewed again. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** The builder's log (kept on failure, and on success when it sends one). */
    buildLog: text('build_log'),
    buildStartedAt: timestamp('build_started_at', { withTimezone: true }),
    buildFinishedAt: timestamp('build_finished_at', { withTimezone: true }),
    /** The moderator holding the review, until reviewLockUntil. */
    reviewLockMemberId: integer('review_lock_member_id').references(() => members.id, { onDelete: 'set null' }),
    reviewLockUntil: timestamp('review_lock_until', { withTimezone: true }),
    reviewedById: integer('reviewed_by_id').references(() => members.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    check('submissions_status_letter', sql`${t.status} in ('q', 'b', 'p', 'a', 'r', 's')`),
    index('submissions_plugin_idx').on(t.pluginId, t.createdAt.desc()),
    index('submissions_versions_idx')
      .on(t.pluginId, t.approvedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'a'`),
    index('submissions_status_idx').on(t.status, t.createdAt),
  ],
);

export const pluginComments = pgTable(
  'plugin_comments',
  {
    id: serial('id').primaryKey(),
    pluginId: integer('plugin_id')
      .notNull()
      .references(() => plugins.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('plugin_comments_plugin_idx').on(t.pluginId, t.createdAt.desc()),
    index('plugin_comments_member_idx').on(t.memberId),
  ],
);

export const commentVotes = pgTable(
  'comment_votes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => pluginComments.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    vote: text('vote').$type<'U' | 'D'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.memberId] }),
    check('comment_votes_vote_letter', sql`${t.vote} in ('U', 'D')`),
    index('comment_votes_member_idx').on(t.memberId),
  ],
);

export const pluginRatings = pgTable(
  'plugin_ratings',
  {
    pluginId: integer('plugin_id')
      .notNull()
      .references(() => plugins.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    stars: smallint('stars').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.pluginId, t.memberId] }),
    check('plugin_ratings_stars_range', sql`${t.stars} between 1 and 5`),
    index('plugin_ratings_member_idx').on(t.memberId),
  ],
);

/**
 * Who was last counted for a plugin, and when: a member ('m:<id>') or an anonymous visitor
 * ('v:<HMAC-SHA256 of the IP address with the server secret>', platform/visitor.ts). Views count once per 24 hours,
 * downloads once per 10 seconds; old marks are pruned.
 */
const countMarks = (name: string) =>
  pgTable(
    name,
    {
      pluginId: integer('plugin_id')
        .notNull()
        .references(() => plugins.id, { onDelete: 'cascade' }),
      visitor: text('visitor').notNull(),
      countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.pluginId, t.visitor] }), index(`${name}_counted_idx`).on(t.countedAt)],
  );

export const pluginViewMarks = countMarks('plugin_view_marks');
export const pluginDownloadMarks = countMarks('plugin_download_marks');

/**
 * Per plugin and day (UTC), how many downloads and views were counted: what the author's chart draws.
 * Moved in the same statement as the plugin's own counter (db/count-marks.ts).
 */
export const pluginDailyCounts = pgTable(
  'plugin_daily_counts',
  {
    pluginId: integer('plugin_id')
      .notNull()
      .references(() => plugins.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    downloads: integer('downloads').notNull().default(0),
    views: integer('views').notNull().default(0),
  },
  // The trending sort adds up the last 7 days of every item: read by day (docs/search.md).
  (t) => [primaryKey({ columns: [t.pluginId, t.day] }), index('plugin_daily_counts_day_idx').on(t.day)],
);
