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
 * Places goal labels so that none overlaps another: each goes beside its triangle (on the right,
 * or on the left where the pane's edge would cut it), on the first row, top down, where it fits
 * after the labels already placed. Goals minutes apart share the top row; a late equaliser right
 * after a goal drops to the next row instead of being written over it ("2-1" and "2-2" at 80').
 */
export function placeLabels(anchors: readonly LabelAnchor[], paneWidth: number): PlacedLabel[] {
  const order = anchors.map((anchor, index) => ({ anchor, index })).sort((a, b) => a.anchor.left - b.anchor.left);
  const rowEnds: number[] = [];
  const placed: PlacedLabel[] = new Array(anchors.length);
  for (const { anchor, index } of order) {
    const onRight = anchor.right + LABEL_GAP;
    const x = onRight + anchor.width > paneWidth ? anchor.left - LABEL_GAP - anchor.width : onRight;
    let row = rowEnds.findIndex((end) => end + LABEL_GAP <= x);
    if (row === -1) row = rowEnds.length;
    rowEnds[row] = x + anchor.width;
    placed[index] = { x, row };
  }
  return placed;
}

/** Height of one label row for a canvas font such as '600 11px system-ui'. */
export function rowHeight(font: string): number {
  const size = Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? 11);
  return Math.ceil(size * 1.3);
}
