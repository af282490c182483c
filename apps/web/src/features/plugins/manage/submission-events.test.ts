import { describe, expect, it } from 'vitest';
import { submissionEventToast } from './submission-events';

describe('SubmissionUpdated toasts', () => {
  const event = { id: 3, pluginId: 5, pluginName: 'Aerial Trainer', versionString: '1.0', status: 'B' };

  it('announces building and pending, nothing for other states', () => {
    const seen = new Map<string, number>();
    expect(submissionEventToast(event, seen, 0)).toBe('Build started for Aerial Trainer v1.0.');
    expect(submissionEventToast({ ...event, status: 'p' }, seen, 10)).toBe(
      'Build finished for Aerial Trainer v1.0. Awaiting moderator review.',
    );
    expect(submissionEventToast({ ...event, status: 'a' }, seen, 20)).toBeNull();
  });

  it('ignores a repeat with the same id and status within 1.5 s', () => {
    const seen = new Map<string, number>();
    expect(submissionEventToast(event, seen, 0)).not.toBeNull();
    expect(submissionEventToast(event, seen, 1000)).toBeNull();
    expect(submissionEventToast(event, seen, 3000)).not.toBeNull();
  });
});
