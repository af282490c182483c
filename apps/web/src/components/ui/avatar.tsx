import { useState } from 'react';
import { cx } from './cx';

const sizes = { sm: 'h-8 w-8 text-sm', md: 'h-10 w-10 text-base', lg: 'h-20 w-20 text-3xl' } as const;

/** The member's avatar, or the first letter of their name when there is none (or it fails to load). */
export function Avatar({
  url,
  name,
  size = 'sm',
  className,
}: {
  url?: string | null;
  name: string;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = url && failed !== url;
  return (
    <span
      className={cx(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-sky-500 to-indigo-600 font-bold uppercase text-white',
        sizes[size],
        className,
      )}
      aria-hidden="true"
    >
      {showImage ? (
        <img src={url} alt="" className="h-full w-full object-cover" onError={() => setFailed(url)} />
      ) : (
        (name.trim()[0] ?? '?').toUpperCase()
      )}
    </span>
  );
}
