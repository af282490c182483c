import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx, focusRing } from '../../../components/ui';
import { usePluginDetailT } from './detail-text';

/** Tabs with role=tablist; Left/Right/Home/End move between them and select. */
export function Tabs<K extends string>({
  tab,
  onTab,
  tabs,
  children,
}: {
  tab: K;
  onTab: (k: K) => void;
  tabs: Array<{ key: K; label: string }>;
  children: ReactNode;
}) {
  const tr = usePluginDetailT();
  const base = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const index = tabs.findIndex((t) => t.key === tab);
  const onKeyDown = (e: KeyboardEvent) => {
    let next = -1;
    if (e.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    e.preventDefault();
    const t = tabs[next];
    if (!t) return;
    onTab(t.key);
    refs.current[next]?.focus();
  };
  return (
    <div>
      <div
        role="tablist"
        aria-label={tr('detail.tabs')}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto border-b border-slate-800"
      >
        {tabs.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={`${base}-tab-${t.key}`}
            type="button"
            role="tab"
            aria-selected={t.key === tab}
            aria-controls={`${base}-panel`}
            tabIndex={t.key === tab ? 0 : -1}
            onClick={() => onTab(t.key)}
            className={cx(
              '-mb-px whitespace-nowrap border-b-2 px-4 py-2.5 text-sm font-medium',
              focusRing,
              t.key === tab ? 'border-sky-400 text-white' : 'border-transparent text-slate-400 hover:text-slate-200',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        id={`${base}-panel`}
        role="tabpanel"
        aria-labelledby={`${base}-tab-${tab}`}
        tabIndex={0}
        className="pt-6 focus:outline-none"
      >
        {children}
      </div>
    </div>
  );
}
