import { AVATAR_MAX_BYTES } from '@bm/core';
import { useRef, useState, type ChangeEvent } from 'react';
import { Alert, Avatar, Button, ProgressBar } from '../../components/ui';
import { errorText } from '../../lib/api';
import { updateMember, useCurrentMember } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { settingsApi } from './api';
import { AVATAR_TEXT } from './constants';
import { SectionCard } from './section-card';

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
const AVATAR_EXTENSIONS = /\.(png|jpe?g|gif)$/i;

/** Client-side checks before the upload (the server checks the content again). */
export function avatarFileError(file: File): string | null {
  const typeOk = (AVATAR_TYPES as readonly string[]).includes(file.type) || (!file.type && AVATAR_EXTENSIONS.test(file.name));
  if (!typeOk) return AVATAR_TEXT.badType;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_TEXT.tooLarge;
  return null;
}

export function AvatarSettings() {
  const member = useCurrentMember();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!member) return null;
  const busy = progress !== null || removing;

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = avatarFileError(file);
    setError(problem);
    if (problem) return;
    setProgress(0);
    try {
      const res = await settingsApi.uploadAvatar(file, setProgress);
      updateMember({ avatarUrl: res?.url ?? null });
      toast.success(AVATAR_TEXT.uploaded);
    } catch (err) {
      setError(errorText(err, AVATAR_TEXT.uploadFailed));
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    setRemoving(true);
    setError(null);
    try {
      await settingsApi.removeAvatar();
      updateMember({ avatarUrl: null });
      toast.success(AVATAR_TEXT.removed);
    } catch (err) {
      setError(errorText(err, AVATAR_TEXT.removeFailed));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <SectionCard title={AVATAR_TEXT.heading} intro={AVATAR_TEXT.help}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar url={member.avatarUrl} name={member.username} size="lg" />
        <div className="flex-1 space-y-3">
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              type="file"
              accept={AVATAR_TYPES.join(',')}
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={onFile}
              data-testid="avatar-input"
            />
            <Button onClick={() => input.current?.click()} disabled={busy}>
              {progress !== null ? AVATAR_TEXT.uploading : AVATAR_TEXT.upload}
            </Button>
            {member.avatarUrl && (
              <Button variant="outline" onClick={remove} disabled={busy}>
                {removing ? AVATAR_TEXT.removing : AVATAR_TEXT.remove}
              </Button>
            )}
          </div>
          {progress !== null && <ProgressBar value={progress} label={AVATAR_TEXT.progress} />}
          {error && <Alert variant="error">{error}</Alert>}
        </div>
      </div>
    </SectionCard>
  );
}
