import axe, { type AxeResults } from 'axe-core';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.2 A and AA rules (best-practice rules left out: they double the time of a walk). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core's run over the page as it is now: the whole document, or what `include` selects, with
 * every rule or only those of `tags`. Its source goes into each frame once per document, then
 * `axe.run` runs in the page. @axe-core/playwright evaluated the 500 KB source again on every call
 * and merged its results in a new blank page each time: 1.7-2.5 s a call against 0.1-0.6 s for the
 * run itself, on /, /plugins and /cars, with the same findings.
 */
export async function runAxe(page: Page, { include, tags }: { include?: string; tags?: string[] } = {}) {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axe.source);
  }
  // Colours are judged as they end up: a button's hover or enabled transition still running read as
  // low contrast once axe came this quickly after a click (CI stop 40: two such findings, both gone
  // on the retry). Endless animations (spinners, skeletons) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  return page.evaluate(
    ({ include, tags }) =>
      (window as unknown as { axe: typeof axe }).axe.run(
        include ? { include: [include] } : document,
        tags ? { runOnly: { type: 'tag', values: tags } } : {},
      ),
    { include, tags },
  ) as Promise<AxeResults>;
}

/**
 * No axe violations within `scope` (the page's content, an open dialog, one section) as it is now.
 * `seriousOnly` lets moderate and minor findings pass: the pages that asked for that keep it.
 */
export async function expectNoAxeViolations(
  page: Page,
  scope = '#main',
  { seriousOnly = false }: { seriousOnly?: boolean } = {},
): Promise<void> {
  const { violations } = await runAxe(page, { include: scope });
  const counted = seriousOnly
    ? violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    : violations;
  expect(counted.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Serious and critical findings of the WCAG rules over the whole page as it is now, one line each. */
export async function axeProblems(page: Page): Promise<string[]> {
  const { violations } = await runAxe(page, { tags: WCAG_TAGS });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `axe ${v.id}: ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}
