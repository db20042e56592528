import type { Locator } from 'playwright-core';

type Rgb = [number, number, number];

/** WCAG 2 relative luminance of an sRGB colour (0–255 channels). */
function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio of two colours (1 to 21). */
function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The contrast a person sees for an element's text: its computed colour against the first opaque
 * background behind it (the element's, an ancestor's, the page's; white where none is painted).
 */
export async function textContrast(locator: Locator): Promise<{ ratio: number; color: string; background: string }> {
  const { color, background } = await locator.evaluate((el) => {
    const opaque = (c: string) => c !== 'transparent' && !/rgba\([^)]*,\s*0\)$/.test(c);
    let background = 'rgb(255, 255, 255)';
    for (let node: Element | null = el; node; node = node.parentElement) {
      const bg = getComputedStyle(node).backgroundColor;
      if (opaque(bg)) {
        background = bg;
        break;
      }
    }
    return { color: getComputedStyle(el).color, background };
  });
  const rgb = (c: string) => (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number) as Rgb;
  return { ratio: contrastRatio(rgb(color), rgb(background)), color, background };
}
