import {
  PLUGIN_BANNER_MAX_BYTES,
  PLUGIN_CHANGELOG_MAX,
  PLUGIN_VERSION_STRING_MAX,
  SOURCE_ZIP_MAX_BYTES,
  sourceVersionField,
  type Plugin,
} from '@bm/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DROP_ZONE_TEXT, FileDropZone, fileProblem, IMAGE_TYPES, ZIP_ACCEPT } from '../../../components/file-drop-zone';
import { MarkdownField } from '../../../components/markdown-field';
import { Button, TextField } from '../../../components/ui';
import { errorText } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { managePluginApi, myPluginKeys, patchMyPlugin } from './api';
import { ManageSection, SectionStatus } from './section';
import { gameVersionsQuery } from '../compatibility/api';
import { GameVersionChecks } from '../compatibility/game-version-checks';
import { usePluginsT } from '../plugins-text';
import { pluginManageT, useMarkdownTexts, usePluginManageT } from './manage-text';

/** Client-side banner checks before the upload (the server checks the content again). */
export function bannerFileError(file: File): string | null {
  const t = pluginManageT();
  return fileProblem(file, {
    kind: 'image',
    maxBytes: PLUGIN_BANNER_MAX_BYTES,
    typeMessage: t('bannerType'),
    sizeMessage: t('bannerTooLarge'),
  });
}

export function sourceFileError(file: File): string | null {
  const t = pluginManageT();
  return fileProblem(file, {
    kind: 'zip',
    maxBytes: SOURCE_ZIP_MAX_BYTES,
    typeMessage: t('sourceNotZip'),
    sizeMessage: t('sourceTooLarge'),
  });
}

/**
 * A file chosen in the drop zone (which checks it), then sent with progress: on success the choice
 * is cleared and `done` said (status and toast); on failure the server's message, else `failed`.
 */
function useFileUpload() {
  const t = usePluginManageT();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const choose = (chosen: File | null) => {
    setStatus(null);
    setError(null);
    setFile(chosen);
  };

  const submit = async (
    e: FormEvent,
    send: (file: File, onProgress: (pct: number) => void) => Promise<void>,
    done: string,
    failed: string,
  ) => {
    e.preventDefault();
    if (!file) return setError(t('chooseFileFirst'));
    setError(null);
    setStatus(null);
    setProgress(0);
    try {
      await send(file, setProgress);
      setFile(null);
      setStatus(done);
      toast.success(done);
    } catch (err) {
      setError(errorText(err, failed));
    } finally {
      setProgress(null);
    }
  };

  return { file, error, progress, status, choose, submit };
}

/** Banner: a PNG/JPG/GIF up to 5 MB, previewed, uploaded with a progress bar. */
export function BannerSection({ plugin }: { plugin: Plugin }) {
  const t = usePluginManageT();
  const client = useQueryClient();
  const { file, error, progress, status, choose, submit } = useFileUpload();

  const upload = (e: FormEvent) =>
    submit(
      e,
      async (chosen, onProgress) => {
        const { bannerImageUrl } = await managePluginApi.uploadBanner(plugin.id, chosen, onProgress);
        patchMyPlugin(client, plugin.id, { bannerImageUrl });
      },
      t('bannerUploaded'),
      t('bannerFailed'),
    );

  return (
    <ManageSection id="banner" title={t('banner')}>
      <form onSubmit={upload} noValidate className="space-y-3">
        {!plugin.bannerImageUrl && !file && <p className="text-sm text-slate-400">{t('noBanner')}</p>}
        <FileDropZone
          label={t('bannerInput')}
          hint={t('bannerHint')}
          accept={IMAGE_TYPES.join(',')}
          prompt={DROP_ZONE_TEXT.dropImage}
          check={bannerFileError}
          file={file}
          onChange={choose}
          disabled={progress !== null}
          error={error}
          progress={progress}
          progressLabel={t('bannerProgress')}
          current={plugin.bannerImageUrl ? { src: plugin.bannerImageUrl, alt: t('bannerCurrent') } : null}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={progress !== null || !file}>
            {progress !== null ? t('uploadingBanner') : t('uploadBanner')}
          </Button>
          <SectionStatus message={status} />
        </div>
      </form>
    </ManageSection>
  );
}

/** Source upload: a ZIP with a .sln and an optional version; each upload becomes a submission. */
export function SourceSection({ plugin }: { plugin: Plugin }) {
  const t = usePluginManageT();
  const markdownTexts = useMarkdownTexts();
  const tp = usePluginsT();
  const client = useQueryClient();
  const { file, error, progress, status, choose, submit } = useFileUpload();
  const [version, setVersion] = useState('');
  const gameVersions = useQuery(gameVersionsQuery());
  // Untouched: the current game version is checked for the author.
  const [picked, setPicked] = useState<number[] | null>(null);
  const current = gameVersions.data?.find((v) => v.current);
  const declared = picked ?? (current ? [current.id] : []);
  const [changelog, setChangelog] = useState('');
  const [changelogError, setChangelogError] = useState<string | null>(null);
  const [requires, setRequires] = useState('');

  const upload = (e: FormEvent) => {
    // Counted as the server counts it: line breaks as one character, the ends trimmed.
    if (changelog.replace(/\r\n?/g, '\n').trim().length > PLUGIN_CHANGELOG_MAX) {
      e.preventDefault();
      setChangelogError(t('changelogTooLong', { max: PLUGIN_CHANGELOG_MAX }));
      return;
    }
    return submit(
      e,
      async (chosen, onProgress) => {
        const result = await managePluginApi.uploadSource(
          plugin.id,
          chosen,
          {
            versionString: sourceVersionField(version),
            changelog,
            gameVersionIds: gameVersions.data?.length ? declared : undefined,
            requires,
          },
          onProgress,
        );
        client.setQueryData(myPluginKeys.one(plugin.id), result.plugin);
        void client.invalidateQueries({ queryKey: myPluginKeys.submissions(plugin.id) });
        setVersion('');
        setPicked(null);
        setChangelog('');
        setRequires('');
      },
      t('sourceUploaded'),
      t('sourceFailed'),
    );
  };

  const busy = progress !== null;
  return (
    <ManageSection id="source" title={t('source')} intro={t('sourceIntro')}>
      <form onSubmit={upload} noValidate className="space-y-3">
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <FileDropZone
            label={t('sourceInput')}
            accept={ZIP_ACCEPT}
            prompt={DROP_ZONE_TEXT.dropZip}
            check={sourceFileError}
            file={file}
            onChange={choose}
            disabled={busy}
            error={error}
            progress={progress}
            progressLabel={t('sourceProgress')}
          />
          <TextField
            label={t('versionString')}
            hint={t('versionHint')}
            value={version}
            maxLength={PLUGIN_VERSION_STRING_MAX}
            onChange={(e) => setVersion(e.target.value)}
            disabled={busy}
            autoComplete="off"
          />
        </div>
        <TextField
          label={t('requires')}
          hint={t('requiresHint')}
          name="requires"
          value={requires}
          maxLength={300}
          onChange={(e) => setRequires(e.target.value)}
          disabled={busy}
          autoComplete="off"
        />
        {!!gameVersions.data?.length && (
          <GameVersionChecks
            versions={gameVersions.data}
            selected={declared}
            onChange={setPicked}
            legend={tp('compatibility.uploadLegend')}
            hint={tp('compatibility.uploadHint')}
            disabled={busy}
          />
        )}
        <MarkdownField
          label={t('changelog')}
          tabsLabel={t('changelogTabs')}
          hint={t('changelogHint')}
          value={changelog}
          onChange={(v) => {
            setChangelog(v);
            setChangelogError(null);
          }}
          error={changelogError}
          max={PLUGIN_CHANGELOG_MAX}
          texts={markdownTexts}
          rows={5}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy || !file}>
            {busy ? t('uploadingSource') : t('uploadSource')}
          </Button>
          <SectionStatus message={status} />
        </div>
      </form>
    </ManageSection>
  );
}
