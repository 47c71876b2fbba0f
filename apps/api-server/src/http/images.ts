/**
 * Small SVG pictures the seed data points at (banners, goods, logo), generated in process so that
 * the product needs no external image host. Deterministic per name; cached by the browser for a day.
 */
const PALETTE = [
  ['#1d4ed8', '#60a5fa'],
  ['#b91c1c', '#f87171'],
  ['#047857', '#34d399'],
  ['#7c3aed', '#c4b5fd'],
  ['#c2410c', '#fdba74'],
  ['#0f766e', '#5eead4'],
] as const;

const BANNERS: Record<string, { title: string; subtitle: string }> = {
  '1': { title: '一件代发 · 全网货源', subtitle: '复制商品、自动采购、物流回传，一站搞定' },
  '2': { title: '双十一备货季', subtitle: '活动已结束，感谢参与' },
  '3': { title: '年货节招商预告', subtitle: '敬请期待' },
};

function colors(n: number) {
  return PALETTE[Math.abs(n) % PALETTE.length] ?? PALETTE[0];
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function bannerSvg(name: string): string | null {
  const banner = BANNERS[name];
  if (!banner) return null;
  const [from, to] = colors(Number(name) - 1);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1200" height="800" fill="url(#g)"/><circle cx="980" cy="180" r="220" fill="#fff" fill-opacity=".08"/><circle cx="160" cy="700" r="260" fill="#fff" fill-opacity=".06"/><text x="100" y="380" fill="#fff" font-family="sans-serif" font-size="72" font-weight="700">${escapeXml(banner.title)}</text><text x="100" y="470" fill="#fff" fill-opacity=".85" font-family="sans-serif" font-size="36">${escapeXml(banner.subtitle)}</text></svg>`;
}

export function goodsSvg(name: string): string | null {
  const n = Number(name);
  if (!Number.isInteger(n) || n < 1 || n > 12) return null;
  const [from, to] = colors(n);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400"><rect width="400" height="400" fill="${to}"/><rect x="110" y="120" width="180" height="170" rx="18" fill="${from}"/><path d="M150 120a50 50 0 0 1 100 0" fill="none" stroke="${from}" stroke-width="14"/><text x="200" y="350" text-anchor="middle" fill="${from}" font-family="sans-serif" font-size="28">商品图 ${n}</text></svg>`;
}

export const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1d4ed8"/><path d="M44 22a16 16 0 1 0 0 20" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round"/></svg>';
