import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Serious and critical axe violations of the page as it stands (or of the part `include` selects),
 * one line per element: 'rule (impact): target — html'. An empty list is a pass.
 *
 * Every rule runs; only the bookkeeping is cut. axe reports violations in full but lists no passes
 * (`resultTypes`), and a page without frames is checked by one `axe.run` in place ("legacy mode"),
 * not by AxeBuilder's per-frame partial runs finished in a fresh blank page with axe injected again
 * (that way cost 1–8 s a screen here, against 0.2–0.5 s). A page with frames (the Graph tab's
 * sandboxed creative) keeps the per-frame way, so the frames' content is still checked.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (page.frames().length === 1) builder.setLegacyMode();
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')} — ${node.html.slice(0, 160)}`));
}
