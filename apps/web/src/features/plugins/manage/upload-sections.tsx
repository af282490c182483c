import { PLUGIN_BANNER_MAX_BYTES, PLUGIN_VERSION_STRING_MAX, SOURCE_ZIP_MAX_BYTES, sourceVersionField, type Plugin } from '@bm/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Button, ProgressBar, TextField, cx, focusRing } from '../../../components/ui';
import { errorText } from '../../../lib/api';
import { formatBytes } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { managePluginApi, myPluginKeys, patchMyPlugin } from './api';
import { MANAGE_TEXT as T } from './constants';
import { ManageSection, SectionStatus } from './section';

export const BANNER_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
const BANNER_EXTENSIONS = /\.(png|jpe?g|gif)$/i;

/** Client-side banner checks before the upload (the server checks the content again). */
export function bannerFileError(file: File): string | null {
  const typeOk = (BANNER_TYPES as readonly string[]).includes(file.type) || (!file.type && BANNER_EXTENSIONS.test(file.name));
  if (!typeOk) return T.bannerType;
  if (file.size > PLUGIN_BANNER_MAX_BYTES) return T.bannerTooLarge;
  return null;
}

export function sourceFileError(file: File): string | null {
  if (!/\.zip$/i.test(file.name)) return T.sourceNotZip;
  if (file.size > SOURCE_ZIP_MAX_BYTES) return T.sourceTooLarge;
  return null;
}

const fileInputClasses = cx(
  'block w-full text-sm text-slate-300 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-800 file:px-3 file:py-2',
  'file:text-sm file:font-semibold file:text-slate-100 hover:file:bg-slate-700 rounded-lg',
  focusRing,
);

/**
 * A file chosen, checked in the browser (`check`), then sent with progress: on success the choice
 * is cleared and `done` said (status and toast); on failure the server's message, else `failed`.
 */
function useFileUpload(check: (file: File) => string | null) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const onChoose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    setStatus(null);
    if (!chosen) return setFile(null);
    const problem = check(chosen);
    setError(problem);
    setFile(problem ? null : chosen);
    if (problem) e.target.value = '';
  };

  const submit = async (e: FormEvent, send: (file: File, onProgress: (pct: number) => void) => Promise<void>, done: string, failed: string) => {
    e.preventDefault();
    if (!file) return setError(T.chooseFileFirst);
    setError(null);
    setStatus(null);
    setProgress(0);
    try {
      await send(file, setProgress);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      setStatus(done);
      toast.success(done);
    } catch (err) {
      setError(errorText(err, failed));
    } finally {
      setProgress(null);
    }
  };

  return { file, error, progress, status, inputRef, onChoose, submit };
}

/** Banner: a PNG/JPG/GIF up to 5 MB, previewed, uploaded with a progress bar. */
export function BannerSection({ plugin }: { plugin: Plugin }) {
  const client = useQueryClient();
  const { file, error, progress, status, inputRef, onChoose, submit } = useFileUpload(bannerFileError);
  const inputId = useId();
  const hintId = useId();

  const preview = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const upload = (e: FormEvent) =>
    submit(
      e,
      async (chosen, onProgress) => {
        const { bannerImageUrl } = await managePluginApi.uploadBanner(plugin.id, chosen, onProgress);
        patchMyPlugin(client, plugin.id, { bannerImageUrl });
      },
      T.bannerUploaded,
      T.bannerFailed,
    );

  const shown = preview ?? plugin.bannerImageUrl;
  return (
    <ManageSection id="banner" title={T.banner}>
      <form onSubmit={upload} noValidate className="space-y-3">
        {shown ? (
          <img
            src={shown}
            alt={preview ? T.bannerNew : T.bannerCurrent}
            className="aspect-[3/1] w-full max-w-xl rounded-lg border border-slate-700 object-cover"
          />
        ) : (
          <p className="text-sm text-slate-400">{T.noBanner}</p>
        )}
        <div className="space-y-1.5">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-200">
            {T.bannerInput}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={BANNER_TYPES.join(',')}
            onChange={onChoose}
            aria-describedby={hintId}
            aria-invalid={error ? true : undefined}
            disabled={progress !== null}
            className={fileInputClasses}
          />
          <p id={hintId} className="text-xs text-slate-400">
            {T.bannerHint}
          </p>
        </div>
        {error && <Alert variant="error">{error}</Alert>}
        {progress !== null && (
          <div className="space-y-1">
            <p className="text-xs text-slate-400">{T.uploadingBanner}</p>
            <ProgressBar value={progress} label={T.bannerProgress} />
          </div>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={progress !== null || !file}>
            {progress !== null ? T.uploadingBanner : T.uploadBanner}
          </Button>
          <SectionStatus message={status} />
        </div>
      </form>
    </ManageSection>
  );
}

/** Source upload: a ZIP with a .sln and an optional version; each upload becomes a submission. */
export function SourceSection({ plugin }: { plugin: Plugin }) {
  const client = useQueryClient();
  const { file, error, progress, status, inputRef, onChoose, submit } = useFileUpload(sourceFileError);
  const [version, setVersion] = useState('');
  const inputId = useId();

  const upload = (e: FormEvent) =>
    submit(
      e,
      async (chosen, onProgress) => {
        const result = await managePluginApi.uploadSource(plugin.id, chosen, sourceVersionField(version), onProgress);
        client.setQueryData(myPluginKeys.one(plugin.id), result.plugin);
        void client.invalidateQueries({ queryKey: myPluginKeys.submissions(plugin.id) });
        setVersion('');
      },
      T.sourceUploaded,
      T.sourceFailed,
    );

  const busy = progress !== null;
  return (
    <ManageSection id="source" title={T.source} intro={T.sourceIntro}>
      <form onSubmit={upload} noValidate className="space-y-3">
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <div className="space-y-1.5">
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-200">
              {T.sourceInput}
            </label>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept=".zip,application/zip,application/x-zip-compressed"
              onChange={onChoose}
              aria-invalid={error ? true : undefined}
              disabled={busy}
              className={fileInputClasses}
            />
            {file && (
              <p className="text-xs text-slate-400">
                {file.name} ({formatBytes(file.size)})
              </p>
            )}
          </div>
          <TextField
            label={T.versionString}
            hint={T.versionHint}
            value={version}
            maxLength={PLUGIN_VERSION_STRING_MAX}
            onChange={(e) => setVersion(e.target.value)}
            disabled={busy}
            autoComplete="off"
          />
        </div>
        {error && <Alert variant="error">{error}</Alert>}
        {busy && (
          <div className="space-y-1">
            <p className="text-xs text-slate-400">{T.uploadingSource}</p>
            <ProgressBar value={progress} label={T.sourceProgress} />
          </div>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy || !file}>
            {busy ? T.uploadingSource : T.uploadSource}
          </Button>
          <SectionStatus message={status} />
        </div>
      </form>
    </ManageSection>
  );
}
