import type { Plugin } from '@bm/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { StarRating } from '../../../components/star-rating';
import { useDropdown } from '../../../components/use-dropdown';
import { cx, focusRing } from '../../../components/ui';
import { toast } from '../../../lib/toast';
import { useItemRating } from '../../item-detail';
import { patchPluginDetail, pluginRatingQuery, pluginsApi } from '../api';
import { formatRating } from '../plugins-text';
import { usePluginDetailT } from './detail-text';

/** The plugin's rating: the member's own stars come from the server; a visitor rating is asked to join. */
export function RatingSummary({
  plugin,
  signedIn,
  onJoin,
}: {
  plugin: Plugin;
  signedIn: boolean;
  onJoin: (then?: () => void) => void;
}) {
  const t = usePluginDetailT();
  const client = useQueryClient();
  const { rating, myStars, isRating, onRate } = useItemRating({
    item: plugin,
    signedIn,
    query: pluginRatingQuery(plugin.id),
    send: (stars) => pluginsApi.rate(plugin.id, stars),
    onRated: (r) => patchPluginDetail(client, plugin.id, r),
    onError: () => toast.error(t('rating.failed')),
    join: onJoin,
  });
  return (
    <RatingPanel
      average={rating.averageRating}
      count={rating.ratingCount}
      myStars={myStars}
      onRate={onRate}
      busy={isRating}
    />
  );
}

/**
 * The rating summary button and its panel. A mouse resting on it opens it and leaving closes it
 * (the spec's hover panel); one click or tap opens it and keeps it open;
 * clicks and Enter inside keep it open (choosing a star rates); Escape closes it and puts focus
 * back on the button; a click or tap outside, or Tab out of it, closes it. The panel is nudged to
 * stay inside the viewport on narrow screens.
 */
function RatingPanel({
  average,
  count,
  myStars,
  onRate,
  busy,
}: {
  average: number;
  count: number;
  myStars: number | null;
  onRate: (n: number) => void;
  busy: boolean;
}) {
  const t = usePluginDetailT();
  // A panel of ordinary controls behind a button: the dropdown's outside click and Escape close it.
  const d = useDropdown({ menu: false });
  // Opened by a mouse resting on it: leaving closes it, a click keeps it open.
  const hovered = useRef(false);
  const panelId = d.panelId;
  const panel = useRef<HTMLDivElement>(null);
  const [shift, setShift] = useState(0);

  useLayoutEffect(() => {
    if (!d.open || !panel.current) {
      setShift(0);
      return;
    }
    // Opened unshifted: move left by what sticks out on the right, never past the left edge.
    const margin = 8;
    const rect = panel.current.getBoundingClientRect();
    // The layout viewport (clientWidth): on phones innerWidth grows when something overflows.
    const viewport = Math.min(window.innerWidth, document.documentElement.clientWidth || window.innerWidth);
    const overRight = rect.right - (viewport - margin);
    setShift(overRight > 0 ? -Math.min(overRight, Math.max(0, rect.left - margin)) : 0);
  }, [d.open]);

  return (
    <div
      ref={d.wrapper}
      className="relative"
      onPointerEnter={(e) => {
        if (e.pointerType !== 'mouse' || d.open) return;
        hovered.current = true;
        d.openMenu();
      }}
      onPointerLeave={(e) => {
        if (e.pointerType !== 'mouse' || !hovered.current) return;
        hovered.current = false;
        d.close(false);
      }}
      onBlur={(e) => {
        // Only focus moving to another element outside closes it (a star turning busy must not).
        const next = e.relatedTarget as Node | null;
        if (next && !d.wrapper.current?.contains(next)) d.close(false);
      }}
      onKeyDown={d.onKeyDown}
    >
      <button
        ref={d.button}
        type="button"
        aria-expanded={d.open}
        aria-controls={panelId}
        onClick={() => {
          if (hovered.current) hovered.current = false;
          else d.toggle();
        }}
        className={cx('inline-flex items-center gap-1.5 rounded-md px-1 text-slate-200', focusRing)}
        data-testid="rating-summary"
      >
        <span aria-hidden="true" className="text-amber-400">
          ★
        </span>
        <span>{formatRating(average)}</span>
        <span className="text-slate-400">({count})</span>
        <span className="sr-only">{t('rating.title')}</span>
      </button>
      <div
        ref={panel}
        id={panelId}
        role="group"
        aria-label={t('rating.title')}
        hidden={!d.open}
        data-testid="rating-panel"
        // Focusable, so a click on its text keeps focus inside rather than moving it to the page (which would close it).
        tabIndex={-1}
        style={shift ? { left: `${shift}px` } : undefined}
        className="absolute left-0 top-full z-30 mt-1 w-64 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-700 bg-slate-900 p-4 shadow-2xl shadow-black/50 focus:outline-none"
      >
        <p className="text-2xl font-bold text-white">{t('rating.average', { average: formatRating(average) })}</p>
        <p className="text-sm text-slate-400">{t('rating.count', { count })}</p>
        <StarRating value={average} size="sm" className="mt-1" />
        <p className="mt-3 text-sm font-medium text-slate-200">{t('rating.yours')}</p>
        <StarRating
          value={myStars ?? 0}
          selected={myStars}
          onRate={onRate}
          label={t('rating.rateLabel')}
          disabled={busy}
        />
        {!myStars && <p className="mt-1 text-xs text-slate-400">{t('rating.notRated')}</p>}
      </div>
    </div>
  );
}
