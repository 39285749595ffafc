import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  help: string;
  /** Each failing element's selector. */
  targets: string[];
}

/**
 * axe-core's findings on the page as it stands, inside `selector`: the WCAG 2.x A and AA rules and axe's best
 * practices, plus `label-content-name-mismatch` (WCAG 2.5.3, an experimental rule axe skips unless named).
 */
export async function axeViolations(page: Page, selector: string): Promise<AxeViolation[]> {
  // Evaluated over the DevTools protocol: the page's Content-Security-Policy (script-src 'self') stays as it is.
  await page.evaluate(axeSource);
  return page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(
      { include: [include] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice', 'experimental'] } },
    );
    return result.violations.map((violation) => ({ id: violation.id, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')) }));
  }, selector);
}
