import { useId, useRef, useState, type DragEvent } from 'react';
import { Button, cx } from '../../components/ui';
import { formatBytes } from '../../lib/format';
import { MODERATION_TEXT as T } from './constants';

function isZip(file: File): boolean {
  return /\.zip$/i.test(file.name);
}

/**
 * A ZIP picker: drop a file on it, or reach its file input with Tab and open it with Enter or Space.
 * Shows the chosen file's name and size, with Clear.
 */
export function ZipDropZone({
  label,
  hint,
  file,
  onChange,
  disabled,
}: {
  label: string;
  hint: string;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const take = (picked: File | undefined) => {
    if (!picked) return;
    if (!isZip(picked)) {
      setError(T.notZip);
      return;
    }
    setError(null);
    onChange(picked);
  };
  const clear = () => {
    setError(null);
    onChange(null);
    if (input.current) input.current.value = '';
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) take(e.dataTransfer.files[0]);
  };

  return (
    <div className="space-y-1.5">
      <span className="block text-sm font-medium text-slate-200" id={`${inputId}-label`}>
        {label}
      </span>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
        className={cx(
          'relative rounded-xl border-2 border-dashed p-4 text-sm transition-colors focus-within:ring-2 focus-within:ring-sky-400',
          over ? 'border-sky-400 bg-sky-500/10' : 'border-slate-700 bg-slate-900/50',
        )}
      >
        {file ? (
          <div className="flex items-center justify-between gap-3">
            <p className="min-w-0 break-all text-slate-100">
              <span className="font-medium">{file.name}</span> <span className="text-slate-400">({formatBytes(file.size)})</span>
            </p>
            <Button variant="outline" size="sm" onClick={clear} disabled={disabled} aria-label={T.clearFile(label)}>
              {T.clear}
            </Button>
          </div>
        ) : (
          <label htmlFor={inputId} className="block cursor-pointer text-center text-slate-300">
            {T.dropHere}
          </label>
        )}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".zip,application/zip,application/x-zip-compressed"
          aria-labelledby={`${inputId}-label`}
          aria-describedby={error ? errorId : hintId}
          disabled={disabled}
          onChange={(e) => take(e.target.files?.[0])}
          className={file ? 'sr-only' : 'absolute inset-0 h-full w-full cursor-pointer opacity-0'}
          tabIndex={file ? -1 : 0}
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-rose-400">
          {error}
        </p>
      ) : (
        <p id={hintId} className="text-xs text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}
