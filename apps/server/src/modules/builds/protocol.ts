// The build pipeline's protocol: the callback body, the builder's job, messages, limits and small helpers.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { SubmissionStatus } from '../../db/schema.js';
import { badRequest } from '../../platform/errors.js';
import type { JobKindOptions } from '../../platform/jobs.js';
import type { ServerT } from '../../i18n/index.js';

/** Where the builder posts its callbacks (under the site's public URL). */
export const BUILD_CALLBACK_PATH = '/api/builds/callback';
/** The builder's log is kept up to this size. */
export const BUILD_LOG_MAX = 200 * 1024;
/** A callback may carry both ZIPs as base64 (a third larger than the files). */
export const BUILD_CALLBACK_BODY_LIMIT = 120 * 1024 * 1024;
/** How long the post of a job may take before it counts as failed. */
export const DISPATCH_TIMEOUT_MS = 30_000;
/** Response and request bodies kept in webhook_deliveries. */
export const KEPT_BODY = 4096;
/** Dispatch retries: 10 s doubling, 8 attempts (about 21 minutes in all). */
export const DISPATCH_ATTEMPTS = 8;
export const dispatchBackoff = (attempt: number) => 10_000 * 2 ** (attempt - 1);
/** How the runner treats the pipeline's job kinds (registered in src/jobs.ts). */
export const BUILD_JOB_OPTIONS = {
  dispatch: { maxAttempts: DISPATCH_ATTEMPTS, backoffMs: dispatchBackoff, timeoutMs: DISPATCH_TIMEOUT_MS * 2 },
  timeout: { maxAttempts: 5 },
} satisfies Record<string, JobKindOptions>;

export const BUILD_MESSAGES = {
  noBuilder: 'No builder is configured',
  failed: 'Build failed',
  timedOut: 'Build timed out',
  submissionNotFound: 'Submission not found',
  needsBinary: 'A successful build must send binaryZip',
  provenanceRefused: 'The site refused this build',
  badBase64: (field: string) => `${field} must be base64`,
  notApplicable: (status: string, current: string) =>
    `A ${status} callback does not apply to a submission that is ${current.toLowerCase()}`,
  timeoutLog: (minutes: number) =>
    `The builder did not finish within ${minutes} minutes; the build was stopped waiting for.`,
  unreachableLog: (attempts: number, reason: string) =>
    `The build server could not be reached after ${attempts} attempts. Last error: ${reason}`,
} as const;

export const buildCallbackBody = z.object({
  submissionId: z.number().int().positive().max(2147483647),
  status: z.enum(['building', 'success', 'failure']),
  log: z
    .string()
    .max(BUILD_LOG_MAX, `log must be at most ${BUILD_LOG_MAX / 1024} KB`)
    .optional(),
  binaryZip: z.string().optional(),
  debugZip: z.string().optional(),
  /** The DSSE envelope of the build's provenance (required with success; checked by verifyProvenance). */
  provenance: z.unknown().optional(),
  /** Set (with rebuildId) when the job was a rebuild: only its result is recorded (docs/game-versions.md). */
  kind: z.enum(['build', 'rebuild']).optional(),
  rebuildId: z.number().int().positive().max(2147483647).optional(),
});
export type BuildCallback = z.infer<typeof buildCallbackBody>;

/** The statuses each callback may move a submission from (q -> b -> p, or r on failure). */
export const FROM: Record<BuildCallback['status'], SubmissionStatus[]> = {
  building: ['q'],
  success: ['q', 'b'],
  failure: ['q', 'b'],
};

/** The job posted to the builder. */
export interface BuildJob {
  type: 'build';
  /** 'rebuild' with its rebuildId: the builder echoes both in its callbacks. */
  kind?: 'build' | 'rebuild';
  rebuildId?: number;
  deliveryId: string;
  submissionId: number;
  pluginId: number;
  pluginName: string;
  versionString: string | null;
  sourceUrl: string;
  callbackUrl: string;
}

export type Headers = Record<string, string | string[] | undefined>;

export interface Changed {
  submissionId: number;
  pluginId: number;
  pluginName: string;
  ownerId: number;
  status: SubmissionStatus;
  versionString: string | null;
  publish?: () => Promise<void>;
}

export const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
export function decodeBase64(value: string, field: string): Buffer {
  const clean = value.replace(/\s+/g, '');
  if (clean.length % 4 !== 0 || !BASE64.test(clean)) throw badRequest(BUILD_MESSAGES.badBase64(field), field);
  return Buffer.from(clean, 'base64');
}

export const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max)}…` : s);
export const fileKey = (pluginId: number, kind: string) =>
  `plugins/${pluginId}/${kind}-${randomBytes(12).toString('hex')}.zip`;
export const pluginLabel = (name: string, version: string | null) => (version ? `${name} v${version}` : name);

/** The end of a build log, quoted in a failure notice as a code block (docs/i18n.md: `t` is the member's language). */
export const logTail = (t: ServerT, log: string | null | undefined) =>
  log ? `\n\n${t('notice.buildLogEnd')}\n\n\`\`\`\n${log.slice(-3000).replace(/```/g, "'''")}\n\`\`\`` : '';

/** A build's deny reason in the member's language when it is one of the site's own; other reasons as written. */
export function buildReason(t: ServerT, reason: string): string {
  if (reason === BUILD_MESSAGES.failed) return t('notice.buildFailed.failed');
  if (reason === BUILD_MESSAGES.timedOut) return t('notice.buildFailed.timedOut');
  return reason;
}
