import type { Plugin, Submission } from '@bm/core';

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
    ...over,
  };
}

export function makeSubmission(over: Partial<Submission> = {}): Submission {
  return {
    submissionId: 11,
    pluginId: 5,
    versionString: '1.0.0',
    status: 'p',
    sourceFileName: 'src.zip',
    sourceFileSize: 2048,
    notes: null,
    approvalNote: null,
    denyReason: null,
    createdAt: '2026-01-02T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    approvedAt: null,
    hasBinary: false,
    hasDebugFiles: false,
    buildLog: null,
    queuePosition: null,
    ...over,
  };
}
