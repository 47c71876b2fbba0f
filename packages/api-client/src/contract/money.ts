/**
 * Money: the product counts in fen (1/100 yuan), whole numbers. Yuan appears only at the edges: what a
 * person types and reads, the files, the platforms' answers. These are the only fen <-> yuan converters
 * (the admin's `formatMoney` of @consign/ui groups thousands for the pages).
 */

/** Fen as a yuan number (`1234` -> 12.34): a file's money cell, a chart's value. */
export function fenToYuan(fen: number): number {
  return fen / 100;
}

/** Fen as yuan text with two decimals (`1230` -> `12.30`, `-5` -> `-0.05`), as platforms write amounts. */
export function yuanText(fen: number): string {
  const whole = Math.round(fen);
  const abs = Math.abs(whole);
  return `${whole < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Fen as `¥123.45` (`-¥0.05` below zero), without grouping: messages and the operation log. */
export function fenAsYuan(fen: number): string {
  const text = yuanText(fen);
  return text.startsWith('-') ? `-¥${text.slice(1)}` : `¥${text}`;
}

/**
 * A yuan number in fen, to the nearest fen (half away from zero), free of float noise:
 * `0.1 + 0.2` -> 30, `1.005` -> 101, `-12.345` -> -1235.
 */
export function yuanToFen(yuan: number): number {
  const fen = Number((Math.abs(yuan) * 100).toPrecision(12));
  return Math.sign(yuan) * Math.round(fen) || 0;
}

/**
 * Yuan text with at most two decimals (`12`, `12.3`, `12.30`; surrounding spaces ignored) in fen,
 * exactly (no float arithmetic), or undefined for anything else (negative, three decimals, `1e3`).
 */
export function parseYuan(text: string): number | undefined {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
