import type { SubmissionUpdatedEvent } from '@bm/core';
import { pluginManageT } from './manage-text';

/** Repeat events with the same id and status within this window are ignored (shell spec §4). */
export const SUBMISSION_EVENT_DEDUPE_MS = 1500;

/**
 * The toast text for a SubmissionUpdated event: building and pending have one; others none.
 * `seen` remembers id+status -> time so a repeat within 1.5 s gives null.
 */
export function submissionEventToast(
  event: SubmissionUpdatedEvent,
  seen: Map<string, number>,
  now = Date.now(),
): string | null {
  const t = pluginManageT();
  const key = `${event.id}:${event.status.toLowerCase()}`;
  const last = seen.get(key);
  seen.set(key, now);
  if (last !== undefined && now - last < SUBMISSION_EVENT_DEDUPE_MS) return null;
  const version = event.versionString ?? '';
  switch (event.status.toLowerCase()) {
    case 'b':
      return t('buildStarted', { plugin: event.pluginName, version });
    case 'p':
      return t('buildFinished', { plugin: event.pluginName, version });
    default:
      return null;
  }
}
