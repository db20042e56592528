/** How a wall lays out its panels: columns and rows of a grid that fills the whole screen. */
export interface WallLayout {
  columns: number;
  rows: number;
  /** Offers listed under each chart: fewer when panels are short, so the chart keeps its room. */
  offers: number;
}

/**
 * The grid for `count` panels on a landscape screen: as few rows as keep each panel at least a
 * third of the width (one panel is the whole screen, two side by side, four 2 × 2, six 3 × 2, up to
 * 12 as 4 × 3). Every row shares the height, so panels fill a 1080p wall instead of its top half.
 */
export function wallLayout(count: number): WallLayout {
  const n = Math.max(1, count);
  const columns = n <= 3 ? n : n === 4 ? 2 : n <= 6 ? 3 : 4;
  const rows = Math.ceil(n / columns);
  return { columns, rows, offers: rows === 1 ? 5 : rows === 2 ? 3 : 2 };
}
