import { placeholderGradient } from '@bm/core';
import { useState } from 'react';
import { cx } from '../../components/ui';

/** A plugin's banner, or (none, or failing to load) a gradient chosen by the name with its initial. */
export function PluginBanner({ name, url, className }: { name: string; url: string | null; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (url && failed !== url) {
    return <img src={url} alt="" loading="lazy" onError={() => setFailed(url)} className={cx('h-full w-full object-cover', className)} />;
  }
  const [from, to] = placeholderGradient(name);
  return (
    <div
      aria-hidden="true"
      data-testid="plugin-placeholder"
      className={cx('flex h-full w-full items-center justify-center text-5xl font-black text-white/90', className)}
      style={{ backgroundImage: `linear-gradient(135deg, ${from}, ${to})` }}
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </div>
  );
}
