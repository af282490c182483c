import type { Comment, Plugin, PluginDetail, PluginPage } from '@bm/core';
import { makePlugin as makeBasePlugin } from '../../../test/fixtures';

/** A published plugin by 'Author', rated, downloaded and tagged. */
export function makePlugin(over: Partial<Plugin> = {}): Plugin {
  return makeBasePlugin({
    id: 1,
    name: 'Plugin 1',
    shortDescription: 'Does things',
    description: '# Hello\n\nSome **details**',
    homepage: 'https://example.com',
    versionString: '1.2',
    averageRating: 4.25,
    ratingCount: 8,
    downloadCount: 1500,
    viewCount: 23000,
    downloadUrl: '/api/plugins/1/versions/1/download',
    publishedOnce: true,
    updatedAt: '2026-02-01T00:00:00.000Z',
    member: { id: 3, displayName: 'Author', avatarUrl: null },
    author: 'Author',
    tags: [{ id: 1, shortName: 'hud', longName: 'HUD & Overlays', helpText: '' }],
    ...over,
  });
}

/** A plugin as GET /plugins/{id} answers it: its description comes rendered by the server. */
export function makePluginDetail(over: Partial<PluginDetail> = {}): PluginDetail {
  return {
    ...makePlugin(over),
    descriptionHtml: '<h1>Hello</h1>\n<p>Some <strong>details</strong></p>\n',
    abilities: null,
    requires: [],
    requiredBy: 0,
    supportUrl: null,
    ...over,
  };
}

export function makePluginPage(items: Plugin[], totalCount = items.length, page = 1): PluginPage {
  return {
    items,
    page,
    pageSize: 16,
    totalCount,
    totalPages: Math.max(1, Math.ceil(totalCount / 16)),
    totalCapped: false,
    tagCounts: null,
  };
}

export function makeComment(over: Partial<Comment> = {}): Comment {
  const now = new Date().toISOString();
  return {
    id: 1,
    pluginId: 1,
    body: 'Nice plugin',
    createdAt: now,
    updatedAt: now,
    member: { id: 7, displayName: 'Tester', avatarUrl: null },
    upvotes: 0,
    downvotes: 0,
    myVote: 'N',
    ...over,
  };
}

/** GET /plugins/1/versions as the detail page tests answer it: one published version, 1.2. */
export function versionsAnswer() {
  return [
    {
      submissionId: 5,
      versionString: '1.2',
      submittedAt: '2026-01-01T00:00:00Z',
      approvedAt: '2026-01-02T00:00:00Z',
      binaryDownloadUrl: '/dl/5',
      sha256: 'c'.repeat(64),
      files: [],
      provenance: null,
    },
  ];
}
