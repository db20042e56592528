import { describe, expect, it } from 'vitest';
import { LABEL_GAP, placeLabels, rowHeight, type LabelAnchor } from './goalLabels';

const boxes = (anchors: LabelAnchor[], width = 800) => placeLabels(anchors, width).map((p, i) => ({ row: p.row, from: p.x, to: p.x + anchors[i]!.width }));

describe('goal labels', () => {
  it('writes labels of goals far apart on the top row, right of their triangles', () => {
    expect(
      placeLabels(
        [
          { left: 94, right: 106, width: 20 },
          { left: 394, right: 406, width: 20 },
        ],
        800,
      ),
    ).toEqual([
      { x: 106 + LABEL_GAP, row: 0 },
      { x: 406 + LABEL_GAP, row: 0 },
    ]);
  });

  it('never lets two labels overlap: goals a minute apart go on rows of their own', () => {
    // 2-1 at 80' and 2-2 at 81' on a 100-minute axis 800 px wide: 8 px apart.
    const placed = boxes([
      { left: 634, right: 646, width: 22 },
      { left: 642, right: 654, width: 22 },
      { left: 650, right: 662, width: 22 },
    ]);
    for (const a of placed)
      for (const b of placed) {
        if (a === b || a.row !== b.row) continue;
        expect(a.to <= b.from || b.to <= a.from).toBe(true);
      }
  });

  it("keeps the top row clear of other goals' triangles (79′ and 80′): a label never covers a triangle", () => {
    // 79' and 80' on a 100-minute axis 900 px wide, triangles 18 px wide: they touch.
    const anchors = [
      { left: 702, right: 720, width: 24 },
      { left: 711, right: 729, width: 24 },
    ];
    const placed = placeLabels(anchors, 900);
    placed.forEach((label, i) => {
      if (label.row !== 0) return;
      for (const t of anchors) expect(label.x + anchors[i]!.width <= t.left || t.right <= label.x).toBe(true);
    });
    // The 79' goal's label goes on its left, the 80' goal's on its right: both on the top row.
    expect(placed).toEqual([
      { x: 702 - LABEL_GAP - 24, row: 0 },
      { x: 729 + LABEL_GAP, row: 0 },
    ]);
  });

  it('drops a label a row where neither side is clear of triangles', () => {
    const anchors = [
      { left: 100, right: 112, width: 20 },
      { left: 106, right: 118, width: 20 },
      { left: 112, right: 124, width: 20 },
    ];
    const placed = placeLabels(anchors, 800);
    expect(placed[1]!.row).toBe(1);
    expect(placed.filter((p) => p.row === 0)).toHaveLength(2);
  });

  it('puts a label on the left at the right edge, and reuses a row once there is room again', () => {
    const placed = placeLabels(
      [
        { left: 780, right: 792, width: 20 },
        { left: 100, right: 112, width: 20 },
        { left: 300, right: 312, width: 20 },
      ],
      800,
    );
    expect(placed[0]).toEqual({ x: 780 - LABEL_GAP - 20, row: 0 });
    expect(placed[1]).toEqual({ x: 112 + LABEL_GAP, row: 0 });
    expect(placed[2]!.row).toBe(0);
  });

  it('reads the row height from the font', () => {
    expect(rowHeight('600 11px system-ui')).toBe(15);
    expect(rowHeight('700 14px Inter')).toBe(19);
  });
});
