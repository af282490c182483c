import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No axe violations within `scope` (the page's content, an open dialog, one section) as it is now.
 * `seriousOnly` lets moderate and minor findings pass: the pages that asked for that keep it.
 */
export async function expectNoAxeViolations(
  page: Page,
  scope = '#main',
  { seriousOnly = false }: { seriousOnly?: boolean } = {},
): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).include(scope).analyze();
  const counted = seriousOnly
    ? violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    : violations;
  expect(counted.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
