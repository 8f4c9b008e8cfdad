//! Where every block of the block map goes (pure). Dies sit in a grid with one row per channel
//! and one column per die on that channel (die d is on channel d mod C, the core's channel-first
//! numbering), so a channel's dies read left to right. Inside a die its blocks are columns of
//! pages (page 0 at the top), wrapped into as many rows as make the tiles largest and tall, with
//! a thin erase-count strip under each row of blocks.

export interface MapShape {
  channels: number;
  diesPerChannel: number;
  blocksPerDie: number;
  pagesPerBlock: number;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface BlockMapLayout {
  width: number;
  height: number;
  /** Blocks per row inside a die, and rows. */
  perRow: number;
  rows: number;
  blockW: number;
  blockH: number;
  pageH: number;
  stripH: number;
  /** Each die's panel (header included), indexed by die. */
  dies: Rect[];
  headerH: number;
}

const DIE_GAP_X = 14;
const DIE_GAP_Y = 8;
const HEADER_H = 17;
const COL_GAP = 1;
const ROW_GAP = 4;
const STRIP_H = 3;
const STRIP_GAP = 1;

export function dieGridPosition(die: number, channels: number): { row: number; col: number } {
  return { row: die % channels, col: Math.floor(die / channels) };
}

/** The best wrap of a die's blocks into rows for a die area of `w` × `h` px. */
function bestWrap(shape: MapShape, w: number, h: number): { perRow: number; rows: number; blockW: number; blockH: number; score: number } {
  let best = { perRow: shape.blocksPerDie, rows: 1, blockW: 0, blockH: 0, score: -1 };
  for (let rows = 1; rows <= shape.blocksPerDie; rows++) {
    const perRow = Math.ceil(shape.blocksPerDie / rows);
    if (rows > 1 && Math.ceil(shape.blocksPerDie / (rows - 1)) === perRow) continue;
    const blockW = (w - (perRow - 1) * COL_GAP) / perRow;
    const blockH = (h - (rows - 1) * ROW_GAP) / rows - STRIP_H - STRIP_GAP;
    if (blockW < 1 || blockH < 1) continue;
    // Prefer tall tiles (a column of pages), about 2–5 times as tall as wide.
    const aspect = blockH / blockW;
    const penalty = aspect < 2 ? aspect / 2 : aspect > 5 ? 5 / aspect : 1;
    // Pages under a pixel high blur into each other: avoid unless nothing else fits.
    const pageH = blockH / Math.max(1, shape.pagesPerBlock);
    const blur = pageH < 1 ? 0.25 * pageH * pageH : 1;
    const score = blockW * blockH * penalty * blur;
    if (score > best.score) best = { perRow, rows, blockW, blockH, score };
  }
  return best;
}

interface DieGrid {
  rows: number;
  cols: number;
  position: (die: number) => { row: number; col: number };
}

/** The die grids to try: one row per channel (preferred), or dies in reading order in the grid
 * of `rows` rows that gives the largest tiles (many channels would squash a row per channel into
 * a few pixels). */
function dieGrids(shape: MapShape): DieGrid[] {
  const dies = Math.max(1, shape.channels * shape.diesPerChannel);
  const grids: DieGrid[] = [
    { rows: Math.max(1, shape.channels), cols: Math.max(1, shape.diesPerChannel), position: (die) => dieGridPosition(die, shape.channels) },
  ];
  for (let rows = 1; rows <= dies; rows++) {
    const cols = Math.ceil(dies / rows);
    grids.push({ rows, cols, position: (die) => ({ row: Math.floor(die / cols), col: die % cols }) });
  }
  return grids;
}

function wrapFor(shape: MapShape, grid: DieGrid, width: number, height: number): ReturnType<typeof bestWrap> {
  const dieW = (width - (grid.cols - 1) * DIE_GAP_X) / grid.cols;
  const dieH = (height - (grid.rows - 1) * DIE_GAP_Y) / grid.rows;
  return bestWrap(shape, dieW, dieH - HEADER_H);
}

export function layoutBlockMap(shape: MapShape, width: number, height: number): BlockMapLayout {
  const grids = dieGrids(shape);
  const byChannel = grids[0] as DieGrid;
  let grid = byChannel;
  let wrap = wrapFor(shape, byChannel, width, height);
  let best = grids.slice(1).reduce<{ grid: DieGrid; wrap: ReturnType<typeof bestWrap> } | null>((acc, g) => {
    const w = wrapFor(shape, g, width, height);
    return acc === null || w.score > acc.wrap.score ? { grid: g, wrap: w } : acc;
  }, null);
  // Keep one row per channel unless that squashes tiles under 8 px high (10 or more channels).
  if (best !== null && wrap.blockH < 8 && best.wrap.score > Math.max(0, wrap.score)) {
    grid = best.grid;
    wrap = best.wrap;
  }
  best = null;
  const cols = grid.cols;
  const rowsOfDies = grid.rows;
  // Whole pixels for crisp tiles; the page height may be fractional (the painter rounds each
  // run of pages to whole pixels).
  const blockW = Math.max(1, Math.floor(wrap.blockW));
  const blockH = Math.max(1, Math.floor(wrap.blockH));
  const usedW = wrap.perRow * blockW + (wrap.perRow - 1) * COL_GAP;
  const usedH = HEADER_H + wrap.rows * (blockH + STRIP_GAP + STRIP_H) + (wrap.rows - 1) * ROW_GAP;
  const dies: Rect[] = [];
  for (let die = 0; die < shape.channels * shape.diesPerChannel; die++) {
    const { row, col } = grid.position(die);
    dies.push({ x: col * (usedW + DIE_GAP_X), y: row * (usedH + DIE_GAP_Y), w: usedW, h: usedH });
  }
  return {
    width: cols * usedW + (cols - 1) * DIE_GAP_X,
    height: rowsOfDies * usedH + (rowsOfDies - 1) * DIE_GAP_Y,
    perRow: wrap.perRow,
    rows: wrap.rows,
    blockW,
    blockH,
    pageH: blockH / Math.max(1, shape.pagesPerBlock),
    stripH: STRIP_H,
    dies,
    headerH: HEADER_H,
  };
}

/** The tile of global block `block` (pages only; the strip is under it). */
export function blockRect(layout: BlockMapLayout, shape: MapShape, block: number): Rect {
  const die = Math.floor(block / shape.blocksPerDie);
  const index = block % shape.blocksPerDie;
  const origin = layout.dies[die] ?? { x: 0, y: 0, w: 0, h: 0 };
  const row = Math.floor(index / layout.perRow);
  const col = index % layout.perRow;
  return {
    x: origin.x + col * (layout.blockW + COL_GAP),
    y: origin.y + layout.headerH + row * (layout.blockH + STRIP_GAP + STRIP_H + ROW_GAP),
    w: layout.blockW,
    h: layout.blockH,
  };
}

/** The erase-count strip under a block's tile. */
export function stripRect(layout: BlockMapLayout, tile: Rect): Rect {
  return { x: tile.x, y: tile.y + tile.h + STRIP_GAP, w: tile.w, h: layout.stripH };
}

/** The block under a point, or null (gaps and headers hit nothing). */
export function blockAt(layout: BlockMapLayout, shape: MapShape, x: number, y: number): number | null {
  for (let die = 0; die < layout.dies.length; die++) {
    const d = layout.dies[die];
    if (!d || x < d.x || x >= d.x + d.w || y < d.y + layout.headerH || y >= d.y + d.h) continue;
    const col = Math.floor((x - d.x) / (layout.blockW + COL_GAP));
    const rowPitch = layout.blockH + STRIP_GAP + STRIP_H + ROW_GAP;
    const row = Math.floor((y - d.y - layout.headerH) / rowPitch);
    const inRow = y - d.y - layout.headerH - row * rowPitch;
    if (col >= layout.perRow || inRow > layout.blockH + STRIP_GAP + STRIP_H) return null;
    const index = row * layout.perRow + col;
    if (index >= shape.blocksPerDie) return null;
    return die * shape.blocksPerDie + index;
  }
  return null;
}

/** Pages of a block by state, from its counts alone (for devices too big for `page_state`). */
export function pageCounts(pagesPerBlock: number, state: number, valid: number, nextPage: number | null): { valid: number; invalid: number; free: number } {
  if (state === 0) return { valid: 0, invalid: 0, free: pagesPerBlock };
  const written = state === 1 && nextPage !== null ? Math.min(pagesPerBlock, nextPage) : pagesPerBlock;
  return { valid, invalid: Math.max(0, written - valid), free: pagesPerBlock - written };
}
