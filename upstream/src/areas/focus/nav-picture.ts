/** SHELL-19: the side nav's picture of a navigation link, drawn as SVG from the link's name (no binary assets). */

const FONT = "'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC',sans-serif";

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

const TILES: readonly [string, string][] = [
  ['#fdecea', '#c62828'],
  ['#e8f3ff', '#1766c2'],
  ['#eafaf0', '#16804a'],
  ['#fff1e6', '#d4520f'],
  ['#f2efff', '#5b3cc4'],
  ['#fff8e1', '#a86b00'],
];

/** A round tile with the first two characters of the link's name, in one of six colours by id. */
export function navSvg(nav: { id: number; name: string }): string {
  const [background, ink] = TILES[nav.id % TILES.length] ?? ['#fdecea', '#c62828'];
  const mark = Array.from(nav.name).slice(0, 2).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="112" height="112" viewBox="0 0 112 112" role="img" aria-label="${escapeXml(nav.name)}">
<rect width="112" height="112" rx="24" fill="${background}"/>
<circle cx="56" cy="56" r="40" fill="#fff" stroke="${ink}" stroke-width="4"/>
<text x="56" y="66" font-family="${FONT}" font-size="28" font-weight="700" fill="${ink}" text-anchor="middle">${escapeXml(mark)}</text>
</svg>`;
}
