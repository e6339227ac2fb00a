import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** axe-core from npm; its source is evaluated through the DevTools protocol, which the page's CSP does not govern. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.1 A and AA rules (issue 43). */
export const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

/** Runs axe-core (WCAG 2.1 A/AA rules) on the page as it is now and returns its violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    type Result = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    };
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
  }, WCAG21_AA);
}

/** No WCAG 2.1 A/AA violation on the page as it is now; a failure names each rule and its elements. */
export async function expectNoAxeViolations(page: Page, where = page.url()): Promise<void> {
  const violations = await axeViolations(page);
  expect(
    violations.map((v) => `${where}: ${v.id} (${v.impact}) ${v.help} → ${v.targets.slice(0, 5).join(' | ')}`),
  ).toEqual([]);
}
