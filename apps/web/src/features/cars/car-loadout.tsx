import { bodyName, paintName, type CarLoadout, type RgbColor, type TeamLoadout } from '@bm/core';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { carsT, slotLabel, useCarsT } from './cars-text';

const BODY_SLOT = 0;

type ProductNames = Readonly<Record<number, string>>;
let namesLoad: Promise<ProductNames> | null = null;

/** The item names table (about 6000 items) is its own chunk, fetched once, the first time a loadout shows. */
export function loadProductNames(): Promise<ProductNames> {
  namesLoad ??= import('@bm/core/product-names')
    .then((m) => m.PRODUCT_NAMES)
    .catch((err: unknown) => {
      namesLoad = null;
      throw err;
    });
  return namesLoad;
}

/**
 * The names, loaded once the loadout comes near the screen (a car page's first paint needs none of
 * its 50 KB: below the fold on a phone, 'Item #id' for a moment on a wide screen). Without
 * IntersectionObserver they load at once.
 */
function useProductNames(target: RefObject<HTMLElement | null>): ProductNames | null {
  const [names, setNames] = useState<ProductNames | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      void loadProductNames()
        .then((n) => live && setNames(n))
        .catch(() => {});
    const el = target.current;
    if (!el || typeof IntersectionObserver !== 'function') {
      load();
      return () => {
        live = false;
      };
    }
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        seen.disconnect();
        load();
      },
      { rootMargin: '200px' },
    );
    seen.observe(el);
    return () => {
      live = false;
      seen.disconnect();
    };
  }, [target]);
  return names;
}

/** A body by the body table; other items by the item table, 'Item #id' while it loads or when unknown. */
export function itemName(slot: number, productId: number, names: ProductNames | null, t = carsT()): string {
  if (slot === BODY_SLOT) return bodyName(productId);
  return names?.[productId] ?? t('loadout.product', { id: productId });
}

function Swatch({ color, label }: { color: RgbColor; label: string }) {
  const css = `rgb(${color.r}, ${color.g}, ${color.b})`;
  return (
    <span className="inline-flex items-center gap-2 text-xs text-slate-300">
      <span className="h-5 w-5 rounded-md border border-white/20" style={{ backgroundColor: css }} aria-hidden="true" />
      <span>
        {label} <span className="font-mono text-slate-400">{css}</span>
      </span>
    </span>
  );
}

function Team({
  title,
  team,
  accent,
  names,
}: {
  title: string;
  team: TeamLoadout;
  accent: string;
  names: ProductNames | null;
}) {
  const t = useCarsT();
  const items = [...team.items].sort((a, b) => a.slot - b.slot);
  return (
    <section aria-label={title} className="rounded-xl border border-slate-800 bg-slate-900/60 p-4">
      <h3 className={`mb-3 text-sm font-semibold uppercase tracking-wide ${accent}`}>{title}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-slate-400">{t('loadout.noItems')}</p>
      ) : (
        <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-1.5 text-sm">
          {items.map((item) => {
            const paint = paintName(item.paintId);
            return (
              <div key={`${item.slot}-${item.productId}`} className="contents">
                <dt className="text-slate-400">{slotLabel(t, item.slot)}</dt>
                <dd className="text-slate-100">
                  {itemName(item.slot, item.productId, names, t)}
                  {paint && (
                    <span className="ml-2 rounded bg-slate-800 px-1.5 py-0.5 text-xs text-amber-300">{paint}</span>
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      {(team.primaryColor || team.secondaryColor || team.wheelTeamId) && (
        <div className="mt-3 flex flex-wrap gap-x-4 gap-y-2 border-t border-slate-800 pt-3">
          {team.primaryColor && <Swatch color={team.primaryColor} label={t('loadout.primary')} />}
          {team.secondaryColor && <Swatch color={team.secondaryColor} label={t('loadout.secondary')} />}
          {team.wheelTeamId ? (
            <span className="text-xs text-slate-400">{t('loadout.wheelTeam', { id: team.wheelTeamId })}</span>
          ) : null}
        </div>
      )}
    </section>
  );
}

/** The decoded code: one section when blue is orange, else one per team. */
export function CarLoadoutView({ loadout }: { loadout: CarLoadout }) {
  const root = useRef<HTMLDivElement>(null);
  const t = useCarsT();
  const names = useProductNames(root);
  return (
    <div ref={root} className={loadout.blueIsOrange ? 'grid gap-4' : 'grid gap-4 md:grid-cols-2'}>
      {loadout.blueIsOrange ? (
        <Team title={t('loadout.bothTeams')} team={loadout.blue} accent="text-sky-300" names={names} />
      ) : (
        <>
          <Team title={t('loadout.blueTeam')} team={loadout.blue} accent="text-sky-400" names={names} />
          <Team title={t('loadout.orangeTeam')} team={loadout.orange} accent="text-orange-400" names={names} />
        </>
      )}
    </div>
  );
}
