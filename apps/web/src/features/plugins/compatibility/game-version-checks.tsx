import type { GameVersion } from '@bm/core';
import { usePluginsT } from '../plugins-text';

/** A checkbox per game version (newest first, the current one marked): the author's declaration. */
export function GameVersionChecks({
  versions,
  selected,
  onChange,
  legend,
  hint,
  disabled,
}: {
  versions: GameVersion[];
  selected: number[];
  onChange: (ids: number[]) => void;
  legend: string;
  hint?: string;
  disabled?: boolean;
}) {
  const t = usePluginsT();
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...selected.filter((s) => s !== id), id] : selected.filter((s) => s !== id));
  return (
    <fieldset className="space-y-1" disabled={disabled}>
      <legend className="text-sm font-medium text-slate-200">{legend}</legend>
      {hint && <p className="text-xs text-slate-400">{hint}</p>}
      <div className="flex flex-col gap-1">
        {versions.map((v) => (
          <label key={v.id} className="inline-flex min-h-8 items-center gap-2 text-sm text-slate-200">
            <input type="checkbox" checked={selected.includes(v.id)} onChange={(e) => toggle(v.id, e.target.checked)} />
            <span>
              {v.name} {v.current && <span className="text-slate-400">{t('compatibility.current')}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
