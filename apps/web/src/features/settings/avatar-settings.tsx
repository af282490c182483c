import { AVATAR_MAX_BYTES } from '@bm/core';
import { useState } from 'react';
import { DROP_ZONE_TEXT, FileDropZone, fileProblem, IMAGE_TYPES } from '../../components/file-drop-zone';
import { Avatar, Button } from '../../components/ui';
import { errorText } from '../../lib/api';
import { updateMember, useCurrentMember } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { settingsApi } from './api';
import { SectionCard } from './section-card';
import { settingsMessage, settingsT, SETTINGS_EN, useSettingsMessage, useSettingsT } from './settings-text';

const MESSAGES = SETTINGS_EN.messages;

/** Client-side checks before the upload (the server checks the content again), in English (core's texts). */
export function avatarFileError(file: File): string | null {
  return fileProblem(file, {
    kind: 'image',
    maxBytes: AVATAR_MAX_BYTES,
    typeMessage: MESSAGES.avatarType,
    sizeMessage: MESSAGES.avatarTooLarge,
  });
}

/** The avatar: a file dropped or chosen is uploaded at once, with its preview and progress. */
export function AvatarSettings() {
  const t = useSettingsT();
  const say = useSettingsMessage();
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
      toast.success(settingsT()('avatar.uploaded'));
    } catch (err) {
      setError(errorText(err, MESSAGES.avatarUploadFailed));
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
      toast.success(settingsT()('avatar.removed'));
    } catch (err) {
      setError(errorText(err, MESSAGES.avatarRemoveFailed));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <SectionCard title={t('avatar.heading')}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar url={member.avatarUrl} name={member.username} size="lg" />
        <div className="min-w-0 flex-1 space-y-3">
          <FileDropZone
            label={t('avatar.upload')}
            hint={t('avatar.help')}
            accept={IMAGE_TYPES.join(',')}
            prompt={DROP_ZONE_TEXT.dropImage}
            check={(chosen) => {
              const problem = avatarFileError(chosen);
              return problem && settingsMessage(problem);
            }}
            file={file}
            onChange={(chosen) => void onFile(chosen)}
            disabled={busy}
            error={error && say(error)}
            progress={progress}
            progressLabel={t('avatar.progress')}
            imageClassName="size-24 rounded-full"
          />
          {member.avatarUrl && (
            <Button variant="outline" onClick={remove} disabled={busy}>
              {removing ? t('avatar.removing') : t('avatar.remove')}
            </Button>
          )}
        </div>
      </div>
    </SectionCard>
  );
}
