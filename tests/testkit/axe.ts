// axe-core as every browser suite runs it: the rules axe runs by default (WCAG 2.x A and AA and its best practices)
// and WCAG 2.2's target size (2.5.8, 24 × 24 px), which axe 4.13 leaves off unless asked. The one exclusion is
// Fluent's focus-trap sentinels (tabster's `data-tabster-dummy` elements): they are aria-hidden on purpose and only
// pass focus on to the control they guard, which axe's aria-hidden-focus rule cannot tell from a real focusable one.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * What axe finds on the page as it is now, one line per rule broken: `where` (a path, a width) first, then the rule
 * and the elements breaking it. `within` narrows the check to one part of the page (an open dialog).
 */
export async function axeViolations(page: Page, where = '', within?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page })
    // ADR 0229: axe.run in the page itself. The default (runPartial in each frame, then finishRun in a blank page
    // opened for it) starts a renderer for every check, two thirds of its time; what it adds is cross-origin frames,
    // and the web's one (the configured customer-service chat) is another site's page.
    .setLegacyMode()
    .exclude('[data-tabster-dummy]')
    // Only the violations are read: asked for every result type, axe also gathers each node that passed (a quarter
    // of its time on a page of goods), which nothing here looks at.
    .options({ resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } });
  if (within) builder = builder.include(within);
  const result = await builder.analyze();
  return result.violations.map(
    (v) =>
      `${where ? `${where}: ` : ''}${v.id} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')})`,
  );
}
