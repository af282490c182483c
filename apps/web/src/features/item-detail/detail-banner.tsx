import { useState } from 'react';
import { cx } from '../../components/ui';

/**
 * The banner across the top of a plugin's or car's page, the page's largest image (fetched first);
 * nothing when there is none or it fails to load. Its shape is the page's (`className`).
 */
export function DetailBanner({ url, className }: { url: string | null; className: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) return null;
  return (
    <div className={cx(className, 'w-full overflow-hidden rounded-2xl border border-slate-800 bg-slate-900')}>
      <img
        src={url}
        alt=""
        fetchPriority="high"
        className="h-full w-full object-cover"
        onError={() => setFailed(url)}
      />
    </div>
  );
}
