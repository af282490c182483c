import { cx } from './ui';

/** A card's shape while it loads: the picture, then a bar for each line (`bars`: each bar's height and width). */
export function SkeletonCard({ as: Tag = 'li', bars }: { as?: 'li' | 'div'; bars: readonly string[] }) {
  return (
    <Tag className="animate-pulse overflow-hidden rounded-xl border border-slate-800 bg-slate-900/70">
      <div className="aspect-video bg-slate-800" />
      <div className="space-y-2 p-4">
        {bars.map((bar, i) => (
          <div key={i} className={cx(bar, 'rounded bg-slate-800')} />
        ))}
      </div>
    </Tag>
  );
}
