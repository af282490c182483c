import { placeholderGradient } from '@bm/core';
import { useState } from 'react';
import { cx } from './ui';

/**
 * A plugin's or car's banner, or when it has none (or it fails to load) the placeholder of §8/§9: a
 * gradient chosen by the name, with the name's initial.
 */
export function ItemBanner({
  name,
  url,
  className,
  testId,
  priority = false,
}: {
  name: string;
  url: string | null;
  className?: string;
  testId: string;
  /** The page's largest image (the first card of a list): fetched at once, first. Others load as they near the screen. */
  priority?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (url && failed !== url) {
    return (
      <img
        src={url}
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        onError={() => setFailed(url)}
        className={cx('h-full w-full object-cover', className)}
      />
    );
  }
  const [from, to] = placeholderGradient(name);
  return (
    <div
      aria-hidden="true"
      data-testid={testId}
      className={cx('flex h-full w-full items-center justify-center text-5xl font-black text-white/90', className)}
      style={{ backgroundImage: `linear-gradient(135deg, ${from}, ${to})` }}
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </div>
  );
}
