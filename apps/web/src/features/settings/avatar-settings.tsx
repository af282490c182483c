import { AVATAR_MAX_BYTES } from '@bm/core';
import { useState } from 'react';
import { DROP_ZONE_TEXT, FileDropZone, fileProblem, IMAGE_TYPES } from '../../components/file-drop-zone';
import { Avatar, Button } from '../../components/ui';
import { errorText } from '../../lib/api';
import { updateMember, useCurrentMember } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { settingsApi } from './api';
import { AVATAR_TEXT } from './constants';
import { SectionCard } from './section-card';

/** Client-side checks before the upload (the server checks the content again). */
export function avatarFileError(file: File): string | null {
  return fileProblem(file, {
    kind: 'image',
    maxBytes: AVATAR_MAX_BYTES,
    typeMessage: AVATAR_TEXT.badType,
    sizeMessage: AVATAR_TEXT.tooLarge,
  });
}

/** The avatar: a file dropped or chosen is uploaded at once, with its preview and progress. */
export function AvatarSettings() {
  const member = useCurrentMember();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!member) return null;
  const busy = progress !== null || removing;

  const onFile = async (chosen: File | null) => {
    setFile(chosen);
    setError(null);
    if (!chosen) return;
    setProgress(0);
    try {
      const res = await settingsApi.uploadAvatar(chosen, setProgress);
      updateMember({ avatarUrl: res?.url ?? null });
      setFile(null);
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
    <SectionCard title={AVATAR_TEXT.heading}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar url={member.avatarUrl} name={member.username} size="lg" />
        <div className="min-w-0 flex-1 space-y-3">
          <FileDropZone
            label={AVATAR_TEXT.upload}
            hint={AVATAR_TEXT.help}
            accept={IMAGE_TYPES.join(',')}
            prompt={DROP_ZONE_TEXT.dropImage}
            check={avatarFileError}
            file={file}
            onChange={(chosen) => void onFile(chosen)}
            disabled={busy}
            error={error}
            progress={progress}
            progressLabel={AVATAR_TEXT.progress}
            imageClassName="size-24 rounded-full"
          />
          {member.avatarUrl && (
            <Button variant="outline" onClick={remove} disabled={busy}>
              {removing ? AVATAR_TEXT.removing : AVATAR_TEXT.remove}
            </Button>
          )}
        </div>
      </div>
    </SectionCard>
  );
}
