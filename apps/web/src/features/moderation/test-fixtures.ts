import type { ModerationDetail, ModerationListResponse, ModerationPluginItem, ReportedPluginItem } from '@bm/core';

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

/** A reported plugin with two open reports (malware, spam). */
export function makeReported(over: Partial<ReportedPluginItem> = {}): ReportedPluginItem {
  return {
    pluginId: 5,
    name: 'Sketchy Plugin',
    submitter: 'BoostQueen',
    memberId: 4,
    isActive: true,
    reportCount: 2,
    reasons: [
      { reason: 'malware', label: 'Malware or suspicious behaviour', count: 1 },
      { reason: 'spam', label: 'Spam or misleading', count: 1 },
    ],
    reports: [
      {
        id: 1,
        reason: 'malware',
        details: 'Opens a shell',
        reporter: 'RocketRyan',
        createdAt: '2026-11-21T10:00:00.000Z',
      },
      { id: 2, reason: 'spam', details: '', reporter: 'AerialAce', createdAt: '2026-11-20T10:00:00.000Z' },
    ],
    latestReportAt: '2026-11-21T10:00:00.000Z',
    ...over,
  };
}
