import type { CompatibilityStatus, PluginCompatibility } from '@bm/core';
import { useQuery } from '@tanstack/react-query';
import { cx } from '../../../components/ui';
import { usePluginsT } from '../plugins-text';
import { gameVersionsQuery } from './api';

const tone: Record<CompatibilityStatus, string> = {
  works: 'border-emerald-500/50 bg-emerald-500/10 text-emerald-200',
  broken: 'border-rose-500/50 bg-rose-500/10 text-rose-200',
  unverified: 'border-slate-600 bg-slate-800/60 text-slate-300',
};
const mark: Record<CompatibilityStatus, string> = { works: '✓', broken: '✕', unverified: '?' };
/** Core's compatibilityBadgeText, in the reader's language. */
const text = {
  works: 'compatibility.badgeWorks',
  broken: 'compatibility.badgeBroken',
  unverified: 'compatibility.badgeUnverified',
} as const satisfies Record<CompatibilityStatus, string>;

/**
 * 'Works with {name}', 'Reported broken on {name}' or 'Not yet confirmed for {name}' for the
 * current game version; nothing while there is no game version (docs/compatibility.md).
 */
export function CompatibilityBadge({
  compatibility,
  className,
}: {
  compatibility: PluginCompatibility | undefined;
  className?: string;
}) {
  if (!compatibility || compatibility.gameVersionId === null) return null;
  return <NamedBadge gameVersionId={compatibility.gameVersionId} status={compatibility.status} className={className} />;
}

function NamedBadge({
  gameVersionId,
  status,
  className,
}: {
  gameVersionId: number;
  status: CompatibilityStatus;
  className?: string;
}) {
  const t = usePluginsT();
  const versions = useQuery(gameVersionsQuery());
  const name = versions.data?.find((v) => v.id === gameVersionId)?.name;
  if (!name) return null;
  return (
    <span
      data-testid="compatibility-badge"
      data-status={status}
      className={cx(
        'inline-flex max-w-full items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium',
        tone[status],
        className,
      )}
    >
      <span aria-hidden="true">{mark[status]}</span>
      <span className="truncate">{t(text[status], { name })}</span>
    </span>
  );
}
