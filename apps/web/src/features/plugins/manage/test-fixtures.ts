import type { Submission } from '@bm/core';

export { makePlugin } from '../../../test/fixtures';

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
