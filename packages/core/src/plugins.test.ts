import { describe, expect, it } from 'vitest';
import {
  COMMENT_MESSAGES as CM,
  PLUGIN_MESSAGES as M,
  commentBodyError,
  createPluginRequest,
  isCommentEditable,
  normalizeComment,
  pluginDisplayStatus,
  pluginListQuery,
  sourceVersionField,
  submissionStatusName,
  updatePluginRequest,
} from './index.js';

const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.error?.issues[0]?.message;

describe('new plugin form rules', () => {
  it('needs a name, at most 500 characters of short description and URLs', () => {
    expect(createPluginRequest.safeParse({ name: 'Rocket', homepage: '', sourceCodeUrl: null }).data).toEqual({
      name: 'Rocket',
      shortDescription: '',
      description: '',
      homepage: null,
      sourceCodeUrl: null,
    });
    expect(firstMessage(createPluginRequest.safeParse({ name: '   ' }))).toBe(M.nameRequired);
    expect(firstMessage(createPluginRequest.safeParse({}))).toBe(M.nameRequired);
    expect(firstMessage(createPluginRequest.safeParse({ name: 'x', shortDescription: 'a'.repeat(501) }))).toBe(
      M.shortDescriptionTooLong,
    );
    expect(createPluginRequest.safeParse({ name: 'x', shortDescription: 'a'.repeat(500) }).success).toBe(true);
    expect(firstMessage(createPluginRequest.safeParse({ name: 'x', homepage: 'not a url' }))).toBe(M.homepageInvalid);
    expect(firstMessage(createPluginRequest.safeParse({ name: 'x', homepage: 'javascript:alert(1)' }))).toBe(
      M.homepageInvalid,
    );
    expect(firstMessage(createPluginRequest.safeParse({ name: 'x', sourceCodeUrl: 'ftp://x.org' }))).toBe(
      M.sourceCodeUrlInvalid,
    );
    expect(createPluginRequest.safeParse({ name: 'x', homepage: ' https://example.com/a ' }).data?.homepage).toBe(
      'https://example.com/a',
    );
  });

  it('a partial update keeps absent fields absent', () => {
    expect(updatePluginRequest.parse({ shortDescription: 'Short' })).toEqual({ shortDescription: 'Short' });
    expect(updatePluginRequest.parse({ homepage: '' })).toEqual({ homepage: null });
  });
});

describe('plugin list query', () => {
  it('defaults, caps the page size and reads tags repeated or comma-separated', () => {
    expect(pluginListQuery.parse({})).toEqual({
      page: 1,
      pageSize: 16,
      search: '',
      tags: [],
      hasSource: 'any',
      sortBy: undefined,
      sortDir: undefined,
    });
    const q = pluginListQuery.parse({
      page: '2',
      pageSize: '500',
      tags: ['a,b', 'c'],
      sortBy: 'Name',
      sortDir: 'DESC',
      hasSource: 'with',
    });
    expect(q).toMatchObject({
      page: 2,
      pageSize: 100,
      tags: ['a', 'b', 'c'],
      sortBy: 'name',
      sortDir: 'desc',
      hasSource: 'with',
    });
    expect(firstMessage(pluginListQuery.safeParse({ sortBy: 'stars' }))).toBe(M.invalidSortBy);
    expect(firstMessage(pluginListQuery.safeParse({ page: '0' }))).toBe(M.invalidPage);
  });
});

describe('plugin states', () => {
  it('shows Pending, Published or Draft on the dashboard', () => {
    expect(pluginDisplayStatus({ needsApproval: true, publishedOnce: true })).toBe('Pending');
    expect(pluginDisplayStatus({ needsApproval: false, publishedOnce: true })).toBe('Published');
    expect(pluginDisplayStatus({ needsApproval: false, publishedOnce: false })).toBe('Draft');
  });
  it('names submission status letters, case-insensitively', () => {
    expect(submissionStatusName('P')).toBe('Pending');
    expect(submissionStatusName('a')).toBe('Approved');
    expect(submissionStatusName('x')).toBe('Unknown');
  });
  it('sends a source version only when non-empty', () => {
    expect(sourceVersionField('  ')).toBeUndefined();
    expect(sourceVersionField(' 1.2 ')).toBe('1.2');
  });
});

describe('comments', () => {
  it('normalises line breaks and checks 5 to 500 characters after it', () => {
    expect(normalizeComment('  a\r\nb\r\n\r\n\r\n\nc  ')).toBe('a\nb\n\nc');
    expect(commentBodyError('   ')).toBe(CM.empty);
    expect(commentBodyError(' abc \n\n\n ')).toBe(CM.tooShort);
    expect(commentBodyError('abcde')).toBeNull();
    expect(commentBodyError('a'.repeat(500) + '\n\n\n')).toBeNull();
    expect(commentBodyError('a'.repeat(501))).toBe(CM.tooLong);
  });
  it('can be edited for 15 minutes', () => {
    const now = Date.now();
    expect(isCommentEditable(new Date(now - 14 * 60_000), now)).toBe(true);
    expect(isCommentEditable(new Date(now - 15 * 60_000), now)).toBe(false);
  });
});
