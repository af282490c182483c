import type { CollectionDetail, CollectionItem } from '@bm/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, cx, focusRing } from '../../components/ui';
import { CarCard, useCopyCode } from '../cars';
import { PluginCard } from '../plugins';
import { collectionsT, useCollectionsT } from './collections-text';

type Key = `${'plugin' | 'car'}:${number}`;
const keyOf = (i: Pick<CollectionItem, 'kind' | 'id'>): Key => `${i.kind}:${i.id}`;
/** The item's name, or 'Plugin #5' when it is gone; in the current language (read when rendered). */
const nameOf = (i: CollectionItem) =>
  i.plugin?.name ??
  i.car?.name ??
  collectionsT()(i.kind === 'plugin' ? 'items.pluginFallback' : 'items.carFallback', { id: i.id });

export interface ItemActions {
  onInstall: (pluginId: number) => void;
  /** Owner only: the whole list in its new order (optimistic; the caller saves it). */
  onReorder?: (items: CollectionItem[]) => void;
  onRemove?: (item: CollectionItem) => void;
}

/**
 * The items in order, each with its card and its Install or Copy Code. The owner reorders by
 * dragging (pointer), by Move up / Move down, or by Alt+Arrow Up/Down on a focused item; each move
 * is announced in a live region and focus stays on the moved item.
 */
export function CollectionItems({ detail, actions }: { detail: CollectionDetail; actions: ItemActions }) {
  const owner = !!actions.onReorder;
  const t = useCollectionsT();
  const [announcement, setAnnouncement] = useState('');
  const [focusKey, setFocusKey] = useState<Key | null>(null);
  const [dragKey, setDragKey] = useState<Key | null>(null);
  const rows = useRef(new Map<Key, HTMLLIElement>());
  const items = detail.items;

  useEffect(() => {
    if (focusKey) rows.current.get(focusKey)?.focus();
  }, [focusKey, items]);

  const moveTo = (item: CollectionItem, to: number, keepFocus: boolean) => {
    const from = items.findIndex((i) => keyOf(i) === keyOf(item));
    if (from < 0 || to < 0 || to >= items.length || to === from) return;
    const next = [...items];
    next.splice(from, 1);
    next.splice(to, 0, item);
    actions.onReorder?.(next);
    setAnnouncement(t('items.moved', { name: nameOf(item), position: to + 1, total: next.length }));
    if (keepFocus) setFocusKey(keyOf(item));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>, item: CollectionItem, index: number) => {
    if (!owner || !e.altKey || e.target !== e.currentTarget) return;
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      moveTo(item, index + (e.key === 'ArrowUp' ? -1 : 1), true);
    }
  };

  return (
    <>
      {owner && items.length > 1 && (
        <p id="reorder-hint" className="mb-3 text-sm text-slate-400">
          {t('items.reorderHint')}
        </p>
      )}
      <p aria-live="polite" role="status" className="sr-only" data-testid="reorder-status">
        {announcement}
      </p>
      <ol aria-label={t('items.label')} className="space-y-3" data-testid="collection-items">
        {items.map((item, index) => (
          <li
            key={keyOf(item)}
            ref={(el) => {
              if (el) rows.current.set(keyOf(item), el);
              else rows.current.delete(keyOf(item));
            }}
            data-testid="collection-item"
            data-key={keyOf(item)}
            tabIndex={owner ? 0 : undefined}
            aria-label={
              owner ? t('items.position', { name: nameOf(item), position: index + 1, total: items.length }) : undefined
            }
            aria-describedby={owner && items.length > 1 ? 'reorder-hint' : undefined}
            draggable={owner}
            onKeyDown={(e) => onKeyDown(e, item, index)}
            onDragStart={(e) => {
              setDragKey(keyOf(item));
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(e) => {
              if (dragKey) e.preventDefault();
            }}
            onDrop={(e) => {
              e.preventDefault();
              const dragged = items.find((i) => keyOf(i) === dragKey);
              if (dragged) moveTo(dragged, index, false);
              setDragKey(null);
            }}
            onDragEnd={() => setDragKey(null)}
            className={cx(
              'rounded-xl border border-slate-800 bg-slate-950/40 p-3',
              owner && 'cursor-grab',
              dragKey === keyOf(item) && 'opacity-50',
              focusRing,
            )}
          >
            <ItemRow item={item} index={index} total={items.length} actions={actions} onMove={moveTo} />
          </li>
        ))}
      </ol>
    </>
  );
}

function ItemRow({
  item,
  index,
  total,
  actions,
  onMove,
}: {
  item: CollectionItem;
  index: number;
  total: number;
  actions: ItemActions;
  onMove: (item: CollectionItem, to: number, keepFocus: boolean) => void;
}) {
  const name = nameOf(item);
  const t = useCollectionsT();
  return (
    <div className="flex flex-col gap-3">
      {item.plugin ? (
        <PluginCard plugin={item.plugin} variant="list" />
      ) : item.car ? (
        <CarCard car={item.car} variant="list" />
      ) : null}
      {!item.available && (
        <p
          className="rounded-lg border border-dashed border-amber-500/50 p-3 text-sm text-amber-200"
          data-testid="item-unavailable"
        >
          <span className="font-semibold">{name}</span> ·{' '}
          {item.kind === 'plugin' ? t('items.unavailablePlugin') : t('items.unavailableCar')}
        </p>
      )}
      {item.note && <p className="break-words text-sm italic text-slate-300">{item.note}</p>}
      <div className="flex flex-wrap items-center gap-2">
        {item.plugin && item.plugin.versionString !== null && (
          <Button
            size="sm"
            onClick={() => actions.onInstall(item.plugin!.id)}
            aria-label={t('items.installLabel', { name })}
          >
            {t('items.install')}
          </Button>
        )}
        {item.car && <CopyCode carId={item.car.id} code={item.car.code} name={name} />}
        {actions.onReorder && (
          <>
            <Button
              size="sm"
              variant="ghost"
              disabled={index === 0}
              aria-label={t('items.moveUpLabel', { name })}
              onClick={() => onMove(item, index - 1, false)}
            >
              {t('items.moveUp')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={index === total - 1}
              aria-label={t('items.moveDownLabel', { name })}
              onClick={() => onMove(item, index + 1, false)}
            >
              {t('items.moveDown')}
            </Button>
          </>
        )}
        {actions.onRemove && (
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('items.removeLabel', { name })}
            onClick={() => actions.onRemove!(item)}
          >
            {t('items.remove')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** The car page's Copy Code: the same clipboard write and counted copy, with the code shown beside it. */
function CopyCode({ carId, code, name }: { carId: number; code: string; name: string }) {
  const box = useRef<HTMLElement>(null);
  const { copied, copy } = useCopyCode(carId, code, box);
  const t = useCollectionsT();
  return (
    <>
      <Button size="sm" onClick={() => void copy()} aria-label={t('items.copyCodeLabel', { name })}>
        {copied ? t('items.copied') : t('items.copyCode')}
      </Button>
      <code ref={box} className="min-w-0 break-all rounded bg-slate-950 px-2 py-1 font-mono text-xs text-emerald-300">
        {code}
      </code>
    </>
  );
}
