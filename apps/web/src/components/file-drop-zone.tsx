import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { formatBytes } from '../lib/format';
import { COMMON_EN, useCommonT } from '../lib/i18n/common';
import { Button, cx, ProgressBar } from './ui';

const EN = COMMON_EN.dropZone;
/**
 * The zone's English (tests, and the prompts features pass in); what it shows goes through the
 * common namespace, so a prompt given as one of these reads in the reader's language.
 */
export const DROP_ZONE_TEXT = {
  ...EN,
  clearFile: (label: string) => EN.clearFile.replace('{label}', label),
  chosen: (label: string, name: string, size: string) =>
    EN.chosen.replace('{label}', label).replace('{name}', name).replace('{size}', size),
  cleared: (label: string) => EN.cleared.replace('{label}', label),
  preview: (name: string) => EN.preview.replace('{name}', name),
} as const;

/** A prompt given in English as one of the zone's own texts, in the reader's language. */
function usePrompt(prompt: string): string {
  const t = useCommonT();
  if (prompt === EN.dropImage) return t('dropZone.dropImage');
  if (prompt === EN.dropZip) return t('dropZone.dropZip');
  if (prompt === EN.dropFile) return t('dropZone.dropFile');
  return prompt;
}

/** The image types the site takes for banners and avatars (the server checks the content again). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif)$/i;
export const ZIP_ACCEPT = '.zip,application/zip,application/x-zip-compressed';

/**
 * The one client-side file check: a PNG/JPG/GIF (by type, or by extension when the browser gave no
 * type) or a .zip, at most `maxBytes`; the message for the first rule it breaks, else null.
 */
export function fileProblem(
  file: File,
  rule: { kind: 'image' | 'zip'; maxBytes: number; typeMessage: string; sizeMessage: string },
): string | null {
  const typeOk =
    rule.kind === 'zip'
      ? /\.zip$/i.test(file.name)
      : (IMAGE_TYPES as readonly string[]).includes(file.type) || (!file.type && IMAGE_EXTENSIONS.test(file.name));
  if (!typeOk) return rule.typeMessage;
  if (file.size > rule.maxBytes) return rule.sizeMessage;
  return null;
}

function isImage(file: File): boolean {
  return file.type.startsWith('image/') || (!file.type && IMAGE_EXTENSIONS.test(file.name));
}

/** An object URL for an image file, released when the file changes or the component goes. */
function usePreview(file: File | null): string | null {
  const [made, setMade] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file || !isImage(file) || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(file);
    setMade({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);
  // Only the current file's URL: an old one is already revoked.
  return made && made.file === file ? made.url : null;
}

/** Dragging a file over the zone: highlighted while over it, the first dropped file taken. */
function useDragTarget(disabled: boolean, take: (file: File | undefined) => void) {
  const [over, setOver] = useState(false);
  const onDragOver = (e: DragEvent) => {
    e.preventDefault();
    if (disabled) return;
    e.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDragLeave = (e: DragEvent) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files[0]);
  };
  return { over, handlers: { onDragEnter: onDragOver, onDragOver, onDragLeave, onDrop } };
}

/** The chosen file's name and size, with its Clear button. */
function ChosenFile({
  id,
  file,
  label,
  onClear,
  disabled,
}: {
  id: string;
  file: File;
  label: string;
  onClear: () => void;
  disabled: boolean;
}) {
  const t = useCommonT();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p id={id} className="min-w-0 break-all text-slate-100">
        <span className="font-medium">{file.name}</span>{' '}
        <span className="text-slate-400">({formatBytes(file.size)})</span>
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={onClear}
        disabled={disabled}
        aria-label={t('dropZone.clearFile', { label })}
      >
        {t('dropZone.clear')}
      </Button>
    </div>
  );
}

export interface FileDropZoneProps {
  /** The field's name, read by screen readers as the input's label. */
  label: string;
  hint?: ReactNode;
  /** The input's accept attribute (a dropped file skips it, so `check` must hold the same rule). */
  accept: string;
  /** Checked before the file is taken: a message refuses it. */
  check?: (file: File) => string | null;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  /** The words in the zone while no file is chosen. */
  prompt?: string;
  /** A failure from outside (the upload's own), shown like a refused file. */
  error?: string | null;
  /** While uploading: 0 to 100, shown as a bar labelled `progressLabel`. */
  progress?: number | null;
  progressLabel?: string;
  /** The image in place now, shown until a new one is chosen. */
  current?: { src: string; alt: string } | null;
  /** Size and shape of the preview image (defaults to a wide banner). */
  imageClassName?: string;
}

/**
 * The site's one file input: a zone to drop a file on, or to reach with Tab and open with Enter or
 * Space (or a click). It shows the chosen file's name and size, a preview for an image, a Clear
 * button and the upload's progress, checks the file before taking it, and tells screen readers
 * what was chosen.
 */
export function FileDropZone({
  label,
  hint,
  accept,
  check,
  file,
  onChange,
  disabled,
  prompt = DROP_ZONE_TEXT.dropFile,
  error: outsideError,
  progress = null,
  progressLabel,
  current,
  imageClassName = 'aspect-[3/1] w-full max-w-xl rounded-lg',
}: FileDropZoneProps) {
  const t = useCommonT();
  const shownPrompt = usePrompt(prompt);
  const id = useId();
  const ids = {
    input: `${id}-input`,
    label: `${id}-label`,
    hint: `${id}-hint`,
    error: `${id}-error`,
    file: `${id}-file`,
  };
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const preview = usePreview(file);
  const error = refused ?? outsideError ?? null;

  // The parent dropped the file (cleared, or uploaded): let the same file be picked again.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);

  const take = (picked: File | undefined) => {
    if (!picked || disabled) return;
    const problem = check?.(picked) ?? null;
    setRefused(problem);
    if (problem) {
      if (input.current) input.current.value = '';
      return;
    }
    setAnnouncement(t('dropZone.chosen', { label, name: picked.name, size: formatBytes(picked.size) }));
    onChange(picked);
  };

  const clear = () => {
    setRefused(null);
    setAnnouncement(t('dropZone.cleared', { label }));
    onChange(null);
    input.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    if (!disabled) input.current?.click();
  };

  const drag = useDragTarget(Boolean(disabled), take);

  const image = file ? (preview ? { src: preview, alt: t('dropZone.preview', { name: file.name }) } : null) : current;
  const describedBy = [error ? ids.error : hint ? ids.hint : null, file ? ids.file : null].filter(Boolean).join(' ');

  return (
    <div className="min-w-0 space-y-1.5">
      <span className="block text-sm font-medium text-slate-200" id={ids.label}>
        {label}
      </span>
      <div
        {...drag.handlers}
        data-dragging={drag.over ? 'true' : undefined}
        data-testid="drop-zone"
        className={cx(
          'relative space-y-3 rounded-xl border-2 border-dashed p-3 text-sm transition-colors sm:p-4',
          'has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-sky-400 has-[input:focus-visible]:ring-offset-2 has-[input:focus-visible]:ring-offset-slate-950',
          drag.over
            ? 'border-sky-400 bg-sky-500/10'
            : error
              ? 'border-rose-500/70 bg-slate-900/50'
              : 'border-slate-700 bg-slate-900/50',
          disabled && 'opacity-70',
        )}
      >
        <input
          ref={input}
          id={ids.input}
          type="file"
          accept={accept}
          aria-labelledby={ids.label}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          disabled={disabled}
          onChange={(e) => take(e.target.files?.[0])}
          onKeyDown={onKeyDown}
          className="sr-only"
        />
        {image && (
          <img src={image.src} alt={image.alt} className={cx('border border-slate-700 object-cover', imageClassName)} />
        )}
        <label
          htmlFor={ids.input}
          className={cx(
            'flex min-h-11 items-center justify-center rounded-lg px-2 text-center',
            disabled ? 'cursor-not-allowed text-slate-500' : 'cursor-pointer text-slate-300 hover:text-white',
          )}
        >
          {drag.over ? t('dropZone.dropNow') : file ? t('dropZone.replace') : shownPrompt}
        </label>
        {file && (
          <ChosenFile
            id={ids.file}
            file={file}
            label={label}
            onClear={clear}
            disabled={Boolean(disabled) || progress !== null}
          />
        )}
        {progress !== null && <ProgressBar value={progress} label={progressLabel ?? label} />}
      </div>
      {error ? (
        <p id={ids.error} role="alert" className="text-xs font-medium text-rose-400">
          {error}
        </p>
      ) : (
        hint && (
          <p id={ids.hint} className="text-xs text-slate-400">
            {hint}
          </p>
        )
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
