/** A goal's score label to place: the triangle's left and right edges and the text's width. */
export interface LabelAnchor {
  left: number;
  right: number;
  width: number;
}

/** Where a label goes: its left x and its row (0 at the top, each further row one line lower). */
export interface PlacedLabel {
  x: number;
  row: number;
}

/** Space kept between a triangle and its label, and between two labels on one row. */
export const LABEL_GAP = 3;

/**
 * Places goal labels so that none overlaps another label or a triangle: each goes beside its
 * triangle (on the right, else on the left), on the first row, top down, where it fits after the
 * labels already placed. The top row is the triangles' band, so a label there must also keep clear
 * of the other goals' triangles: of goals at 79′ and 80′ the first is written on the left of its
 * triangle (or a row lower), never over the second's triangle.
 */
export function placeLabels(anchors: readonly LabelAnchor[], paneWidth: number): PlacedLabel[] {
  const order = anchors.map((anchor, index) => ({ anchor, index })).sort((a, b) => a.anchor.left - b.anchor.left);
  const clearOfTriangles = (x: number, width: number) => anchors.every((t) => x + width + LABEL_GAP <= t.left || t.right + LABEL_GAP <= x);
  const rowEnds: number[] = [];
  const placed: PlacedLabel[] = new Array(anchors.length);
  for (const { anchor, index } of order) {
    const right = anchor.right + LABEL_GAP;
    const left = anchor.left - LABEL_GAP - anchor.width;
    const inside = [right, left].filter((x) => x >= 0 && x + anchor.width <= paneWidth);
    const sides = inside.length ? inside : [right + anchor.width > paneWidth ? left : right];
    for (let row = 0; ; row += 1) {
      const x = sides.find((at) => (rowEnds[row] ?? -Infinity) + LABEL_GAP <= at && (row > 0 || clearOfTriangles(at, anchor.width)));
      if (x === undefined) continue;
      rowEnds[row] = x + anchor.width;
      placed[index] = { x, row };
      break;
    }
  }
  return placed;
}

/** Height of one label row for a canvas font such as '600 11px system-ui'. */
export function rowHeight(font: string): number {
  const size = Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? 11);
  return Math.ceil(size * 1.3);
}
