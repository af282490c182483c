import { useShellT } from './shell-text';

/** An account link's unread count (the inbox), read out as 'N unread'. */
export function UnreadBadge({ count }: { count: number }) {
  const t = useShellT();
  return (
    <span className="rounded-full bg-rose-500 px-2 py-0.5 text-xs font-bold text-white">
      {count}
      <span className="sr-only"> {t('nav.unread')}</span>
    </span>
  );
}
