import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { cx, focusRing } from '../../components/ui';
import { type Area } from './nav-model';
import { useShellT } from './shell-text';

/** Search with a Plugins/Cars selector that follows the current area; Enter opens the list. */
export function SearchBox({ area, className, onDone }: { area: Area | null; className?: string; onDone?: () => void }) {
  const t = useShellT();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [scope, setScope] = useState<Area>(area ?? 'plugins');
  const [followed, setFollowed] = useState<Area | null>(area);

  // Entering another area moves the selector with it (adjusted during render).
  if (area !== followed) {
    setFollowed(area);
    if (area) setScope(area);
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    navigate(`/${scope}?search=${encodeURIComponent(q)}`);
    setText('');
    onDone?.();
  };

  return (
    <form role="search" onSubmit={submit} className={cx('flex items-center', className)}>
      <label htmlFor={`${id}-scope`} className="sr-only">
        {t('search.in')}
      </label>
      <select
        id={`${id}-scope`}
        value={scope}
        onChange={(e) => setScope(e.target.value as Area)}
        className={cx(
          'h-9 rounded-l-lg border border-r-0 border-slate-700 bg-slate-800 px-2 text-sm text-slate-200',
          focusRing,
        )}
      >
        <option value="plugins">{t('nav.plugins')}</option>
        <option value="cars">{t('nav.cars')}</option>
      </select>
      <label htmlFor={`${id}-q`} className="sr-only">
        {t('search.label')}
      </label>
      <input
        id={`${id}-q`}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={scope === 'cars' ? t('search.cars') : t('search.plugins')}
        className="h-9 w-full min-w-0 rounded-r-lg border border-slate-700 bg-slate-900 px-3 text-sm text-slate-100 placeholder:text-slate-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-400"
      />
    </form>
  );
}
