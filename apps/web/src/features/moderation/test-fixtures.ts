import type { ModerationDetail, ModerationListResponse, ModerationPluginItem } from '@bm/core';

export function makeItem(over: Partial<ModerationPluginItem> = {}): ModerationPluginItem {
  return {
    id: 31,
    pluginId: 5,
    name: 'Aerial Trainer',
    submitter: 'RocketRyan',
    memberId: 7,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    version: '1.0.0',
    publishedOnce: false,
    needsApproval: true,
    isPubliclyVisible: true,
    sourceFileId: 3,
    status: 'p',
    hiddenAt: null,
    ...over,
  };
}

export function makeList(
  items: ModerationPluginItem[],
  over: Partial<ModerationListResponse> = {},
): ModerationListResponse {
  return { items, page: 1, pageSize: 20, totalCount: items.length, ...over };
}

export function makeDetail(over: Partial<ModerationDetail> = {}): ModerationDetail {
  return {
    id: 31,
    pluginId: 5,
    name: 'Aerial Trainer',
    shortDescription: 'Trains aerials in freeplay.',
    description: 'Long text',
    authorName: 'RocketRyan',
    memberId: 7,
    version: '1.0.0',
    changelog: '- Faster *aerials*',
    status: 'p',
    publishedOnce: false,
    isActive: true,
    homepage: null,
    sourceCodeUrl: 'https://github.com/ryan/aerial-trainer.git',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    hiddenAt: null,
    hasBinary: false,
    buildLog: null,
    approvalNote: null,
    denyReason: null,
    source: {
      name: 'aerial.zip',
      mime: 'application/zip',
      size: 2048,
      downloadUrl: '/api/files/signed/aerial.zip?sig=x',
    },
    lock: { memberId: 2, username: 'moderator', until: '2026-11-21T10:15:00.000Z', mine: true },
    audit: [],
    inspection: null,
    ...over,
  };
}
