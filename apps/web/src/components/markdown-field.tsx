import { useId, useState } from 'react';
import { MarkdownPreview } from './markdown';
import { cx, focusRing, inputClasses } from './ui';

/** The field's fixed texts; a feature's constants object carrying these keys can be passed whole. */
export interface MarkdownFieldTexts {
  write: string;
  preview: string;
  previewEmpty: string;
  counter: (n: number, max: number) => string;
}

/**
 * A markdown text area with Write and Preview tabs, the hint or the field's error below, and a
 * counter when there is a maximum. The text area stays in the page while previewing (hidden), so
 * its label and counter keep their target and what was typed keeps its place.
 */
export function MarkdownField({
  label,
  tabsLabel,
  hint,
  value,
  onChange,
  error,
  max,
  texts,
  rows = 10,
}: {
  label: string;
  /** The name of the Write / Preview tab list. */
  tabsLabel: string;
  /** Shown below the field when there is no error. */
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  max?: number;
  texts: MarkdownFieldTexts;
  /** Height of the text area in lines. */
  rows?: number;
}) {
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const ids = { field: useId(), counter: useId(), tabs: useId() };
  const tooLong = max !== undefined && value.length > max;
  const invalid = Boolean(error) || tooLong;

  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={ids.field} className="text-sm font-medium text-slate-200">
          {label}
        </label>
        <div role="tablist" aria-label={tabsLabel} className="flex gap-1 rounded-lg bg-slate-900 p-0.5">
          {(['write', 'preview'] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`${ids.tabs}-${t}`}
              aria-selected={tab === t}
              aria-controls={`${ids.tabs}-panel`}
              onClick={() => setTab(t)}
              className={cx(
                'rounded-md px-3 py-1 text-xs font-semibold',
                focusRing,
                tab === t ? 'bg-slate-700 text-white' : 'text-slate-400 hover:text-white',
              )}
            >
              {t === 'write' ? texts.write : texts.preview}
            </button>
          ))}
        </div>
      </div>
      <div role="tabpanel" id={`${ids.tabs}-panel`} aria-labelledby={`${ids.tabs}-${tab}`}>
        <textarea
          id={ids.field}
          hidden={tab !== 'write'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          rows={rows}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={max !== undefined ? ids.counter : undefined}
          className={cx(inputClasses(invalid), 'min-h-40 resize-y')}
        />
        {tab === 'preview' && (
          <div className="min-h-40 rounded-lg border border-slate-700 bg-slate-900/60 p-4">
            {value.trim() ? (
              <MarkdownPreview source={value} className="[&>:first-child]:mt-0!" />
            ) : (
              <p className="text-sm text-slate-400">{texts.previewEmpty}</p>
            )}
          </div>
        )}
      </div>
      <div className="flex justify-between gap-2 text-xs">
        <span className={error ? 'font-medium text-rose-400' : 'text-slate-400'}>{error ?? hint}</span>
        {max !== undefined && (
          <span id={ids.counter} className={tooLong ? 'font-semibold text-rose-400' : 'text-slate-400'}>
            {texts.counter(value.length, max)}
          </span>
        )}
      </div>
    </div>
  );
}
