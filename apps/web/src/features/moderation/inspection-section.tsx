import type { DllInspection, InspectionFlag, ReviewInspection } from '@bm/core';
import { type Ref, useRef, useState } from 'react';
import { Checkbox, cx, focusRing } from '../../components/ui';
import { capabilityText, flagText, formatDecimal, useModerationT } from './moderation-text';

function NewBadge() {
  const t = useModerationT();
  return (
    <span className="ml-2 rounded bg-amber-400 px-1.5 py-0.5 text-xs font-bold uppercase text-slate-950">
      {t('inspection.newBadge')}
    </span>
  );
}

/** One DLL's details, folded: sections with their entropy, imports, exports. */
function DllDetails({ dll }: { dll: DllInspection }) {
  const t = useModerationT();
  return (
    <details className="rounded-lg border border-slate-800 px-3 py-2 text-sm">
      <summary className={cx('cursor-pointer break-all text-slate-200', focusRing)}>
        {t('inspection.dllSummary', {
          path: dll.path,
          machine: dll.machine,
          signature: dll.signed ? t('inspection.signed') : t('inspection.unsigned'),
        })}
      </summary>
      <div className="mt-2 space-y-3">
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-xs text-slate-300">
            <caption className="sr-only">{t('inspection.sections', { path: dll.path })}</caption>
            <thead className="text-slate-400">
              <tr>
                <th scope="col">{t('inspection.section')}</th>
                <th scope="col">{t('inspection.size')}</th>
                <th scope="col">{t('inspection.entropy')}</th>
              </tr>
            </thead>
            <tbody>
              {dll.sections.map((s, i) => (
                <tr key={`${s.name}-${i}`}>
                  <td className="font-mono">{s.name}</td>
                  <td>{s.rawSize}</td>
                  <td>{formatDecimal(s.entropy)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div>
          <h5 className="font-semibold text-slate-200">{t('inspection.imports')}</h5>
          {dll.imports.length === 0 ? (
            <p className="text-slate-400">{t('inspection.none')}</p>
          ) : (
            <ul className="space-y-1">
              {dll.imports.map((imp, i) => (
                <li key={`${imp.dll}-${i}`} className="break-words text-slate-300">
                  <span className="font-mono text-slate-100">{imp.dll}</span> {imp.delayed && t('inspection.delayed')}:{' '}
                  <span className="font-mono">{imp.functions.join(', ')}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h5 className="font-semibold text-slate-200">{t('inspection.exports')}</h5>
          <p className="break-words font-mono text-slate-300">
            {dll.exports.length ? dll.exports.join(', ') : t('inspection.none')}
          </p>
        </div>
      </div>
    </details>
  );
}

/** What was read inside the binary's DLLs, with what is new since the last approved version highlighted. */
export function InspectionSection({ inspection }: { inspection: ReviewInspection }) {
  const t = useModerationT();
  const added = new Set(inspection.changes.added);
  const newHosts = new Set(inspection.changes.newHosts);
  return (
    <section aria-labelledby="review-inspection" className="space-y-3" data-testid="inspection">
      <h3 id="review-inspection" className="text-lg font-semibold text-white">
        {t('inspection.title')}
      </h3>
      <p className="text-sm text-slate-400">
        {inspection.comparedWith
          ? inspection.comparedWith.version
            ? t('inspection.comparedWithVersion', { version: inspection.comparedWith.version })
            : t('inspection.comparedWith')
          : t('inspection.firstVersion')}
      </p>
      <h4 className="font-semibold text-slate-200">{t('inspection.abilities')}</h4>
      {inspection.capabilities.length === 0 ? (
        <p className="text-sm text-slate-400">{t('inspection.noAbilities')}</p>
      ) : (
        <ul className="space-y-2" aria-label={t('inspection.abilities')}>
          {inspection.capabilities.map((c) => (
            <li
              key={c.id}
              data-new={added.has(c.id) || undefined}
              className={cx(
                'rounded-lg border px-3 py-2 text-sm',
                added.has(c.id) ? 'border-amber-400 bg-amber-950/40' : 'border-slate-800',
              )}
            >
              <span className="font-semibold text-slate-100">{capabilityText(t, c.id)}</span>
              {added.has(c.id) && <NewBadge />}
              <p className="mt-1 break-words font-mono text-xs text-slate-300">{c.evidence.join(', ')}</p>
            </li>
          ))}
        </ul>
      )}
      {inspection.changes.removed.length > 0 && (
        <p className="text-sm text-slate-300">
          {t('inspection.noLonger', {
            labels: inspection.changes.removed.map((id) => capabilityText(t, id)).join(', '),
          })}
        </p>
      )}
      <h4 className="font-semibold text-slate-200">{t('inspection.hosts')}</h4>
      {inspection.hosts.length === 0 ? (
        <p className="text-sm text-slate-400">{t('inspection.noHosts')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={t('inspection.hosts')}>
          {inspection.hosts.map((h) => (
            <li
              key={h}
              data-new={newHosts.has(h) || undefined}
              className={cx(
                'rounded border px-2 py-1 font-mono text-xs text-slate-200',
                newHosts.has(h) ? 'border-amber-400 bg-amber-950/40' : 'border-slate-700',
              )}
            >
              {h}
              {newHosts.has(h) && <NewBadge />}
            </li>
          ))}
        </ul>
      )}
      <div className="space-y-2">
        {inspection.dlls.map((d) => (
          <DllDetails key={d.path} dll={d} />
        ))}
      </div>
    </section>
  );
}

/** The acknowledgement an approval needs when the binary is flagged (risky abilities, or what is new). */
export function AcknowledgeFlags({
  flags,
  checkboxRef,
  checked,
  onChange,
  error,
  disabled,
}: {
  flags: InspectionFlag[];
  checkboxRef: Ref<HTMLInputElement>;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: boolean;
  disabled: boolean;
}) {
  const t = useModerationT();
  return (
    <div className="rounded-lg border border-amber-400 p-3" data-testid="acknowledge">
      <Checkbox
        ref={checkboxRef}
        label={t('inspection.acknowledge')}
        description={t('inspection.acknowledgeHint', { flags: flags.map((f) => flagText(t, f)).join('; ') })}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-invalid={error || undefined}
        disabled={disabled}
      />
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {t('inspection.acknowledgeFirst')}
        </p>
      )}
    </div>
  );
}

/** The acknowledgement's state: `ready` is false (the box focused, a message under it) while flags wait unticked. */
export function useAcknowledgement() {
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState(false);
  const checkboxRef = useRef<HTMLInputElement>(null);
  return {
    checked,
    ready(flags: InspectionFlag[]) {
      if (!flags.length || checked) return true;
      setError(true);
      checkboxRef.current?.focus();
      return false;
    },
    box: {
      checkboxRef,
      checked,
      error,
      onChange(next: boolean) {
        setChecked(next);
        if (next) setError(false);
      },
    },
  };
}
