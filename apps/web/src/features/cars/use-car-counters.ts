import { CAR_COPY_DEDUPE_S, CAR_VIEW_DEDUPE_S, normalizeCarCode } from '@bm/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, type RefObject } from 'react';
import { useCopied } from '../../components/copy-button';
import { writeClipboard } from '../../lib/clipboard';
import { readItem, writeItem } from '../../lib/storage';
import { carsApi, patchCarDetail } from './api';
import { COPIED_INDICATOR_MS, COPY_SELECTION_THRESHOLD } from './constants';

export const VIEW_MARK_PREFIX = 'bm.cars.viewed.';
export const COPY_MARK_PREFIX = 'bm.cars.copied.';

/**
 * Claims a count if none was claimed for this key within the window, and notes when. When storage
 * cannot be read the answer is yes: §4 counts a view anyway, and the server de-duplicates too.
 */
function claim(area: 'local' | 'session', key: string, windowMs: number, now = Date.now()): boolean {
  const at = Number(readItem(area, key));
  if (at > 0 && at <= now && now - at < windowMs) return false;
  writeItem(area, key, String(now));
  return true;
}

/** A view is counted once per car per 24 hours on this device (local storage). */
export const claimView = (carId: number, now?: number) =>
  claim('local', `${VIEW_MARK_PREFIX}${carId}`, CAR_VIEW_DEDUPE_S * 1000, now);
/** A copy is counted at most once per car per 60 seconds in this tab's session (session storage). */
export const claimCopy = (carId: number, now?: number) =>
  claim('session', `${COPY_MARK_PREFIX}${carId}`, CAR_COPY_DEDUPE_S * 1000, now);

/** Counts a view once the car has loaded; the new total replaces the shown one. */
export function useCountView(carId: number, loaded: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!loaded || !claimView(carId)) return;
    carsApi
      .countView(carId)
      .then((r) => patchCarDetail(client, carId, { views: r.views }))
      .catch((err) => console.error('Car view not counted', err));
  }, [carId, loaded, client]);
}

/** True when the selection lies in `box` and is at least 60% of the code, and part of it. */
export function selectionCopiesCode(selection: Selection | null, box: HTMLElement | null, code: string): boolean {
  if (!selection || !box || selection.rangeCount === 0 || selection.isCollapsed) return false;
  if (!box.contains(selection.anchorNode) || !box.contains(selection.focusNode)) return false;
  const picked = normalizeCarCode(selection.toString());
  const whole = normalizeCarCode(code);
  return whole.length > 0 && picked.length >= whole.length * COPY_SELECTION_THRESHOLD && whole.includes(picked);
}

/**
 * Copying a car's code (§4): the copy button writes the clipboard; selecting at least 60% of the
 * code by hand counts too. Either shows 'Copied!' for 2 seconds and counts a copy (POST
 * /cars/{id}/copy) at most once per 60 seconds per car per session. A failed count is only logged.
 */
export function useCopyCode(carId: number, code: string, codeBox: RefObject<HTMLElement | null>) {
  const client = useQueryClient();
  const { copied, showCopied } = useCopied(COPIED_INDICATOR_MS);

  const copiedNow = useCallback(() => {
    showCopied();
    if (!claimCopy(carId)) return;
    carsApi
      .countCopy(carId)
      .then((r) => patchCarDetail(client, carId, { codeCopies: r.codeCopies }))
      .catch((err) => console.error('Car code copy not counted', err));
  }, [carId, client, showCopied]);

  const copy = useCallback(async () => {
    if (await writeClipboard(normalizeCarCode(code))) copiedNow();
  }, [code, copiedNow]);

  // Hand selection: counts when the selection first reaches the threshold, not on every change.
  useEffect(() => {
    let selected = false;
    const onChange = () => {
      const enough = selectionCopiesCode(document.getSelection(), codeBox.current, code);
      if (enough && !selected) copiedNow();
      selected = enough;
    };
    document.addEventListener('selectionchange', onChange);
    return () => document.removeEventListener('selectionchange', onChange);
  }, [code, codeBox, copiedNow]);

  return { copied, copy };
}
