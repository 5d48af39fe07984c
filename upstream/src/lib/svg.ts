/** Pictures drawn as SVG from the data they show, so the demo needs no binary assets. */

const FONT = "'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC',sans-serif";

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** Splits text into lines of at most `width` characters, at most `max` lines, the last one ellipsised. */
function wrap(text: string, width: number, max: number): string[] {
  const chars = Array.from(text);
  const lines: string[] = [];
  for (let i = 0; i < chars.length && lines.length < max; i += width) lines.push(chars.slice(i, i + width).join(''));
  if (chars.length > width * max)
    lines[max - 1] = `${Array.from(lines[max - 1] ?? '')
      .slice(0, width - 1)
      .join('')}…`;
  return lines;
}

/** Bold lines of text, one under another `gap` apart, each a `<text>` with the given attributes. */
function boldLines(lines: readonly string[], x: number, y: number, size: number, gap: number, attrs: string): string {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${y + i * (size + gap)}" font-size="${size}" font-weight="700" ${attrs}>${escapeXml(line)}</text>`,
    )
    .join('');
}

const PALETTES: [string, string, string][] = [
  ['#e8f3ff', '#b9dcff', '#1766c2'],
  ['#fff1e6', '#ffd2b0', '#d4520f'],
  ['#eafaf0', '#bdebcf', '#16804a'],
  ['#fdeef3', '#f8c6d6', '#c2185b'],
  ['#f2efff', '#d3caff', '#5b3cc4'],
  ['#fff8e1', '#ffe29a', '#a86b00'],
];
const palette = (id: number): [string, string, string] =>
  PALETTES[id % PALETTES.length] ?? ['#e8f3ff', '#b9dcff', '#1766c2'];

export interface GoodsPicture {
  id: number;
  name: string;
  sccj: string;
  ypgg: string;
  bzdw: string;
  type: number;
  pzwh: string | null;
}

export function goodsSvg(g: GoodsPicture): string {
  const [bg, accent, ink] = palette(g.id);
  const label = g.type === 1 ? '中药' : g.pzwh?.includes('械') ? '器械' : '药品';
  const nameLines = wrap(g.name, 7, 2);
  const nameSize = nameLines.length > 1 ? 34 : 40;
  const nameY = nameLines.length > 1 ? 170 : 192;
  const name = boldLines(nameLines, 200, nameY, nameSize, 8, `fill="${ink}" text-anchor="middle"`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${escapeXml(g.name)}">
<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
<rect width="400" height="400" fill="url(#b)"/>
<circle cx="360" cy="40" r="90" fill="${accent}" opacity=".45"/><circle cx="30" cy="380" r="70" fill="${accent}" opacity=".35"/>
<g font-family="${FONT}">
<rect x="50" y="80" width="300" height="230" rx="18" fill="#fff" stroke="${accent}" stroke-width="3"/>
<rect x="50" y="80" width="300" height="44" rx="18" fill="${ink}"/><rect x="50" y="106" width="300" height="18" fill="${ink}"/>
<text x="72" y="110" font-size="20" fill="#fff" font-weight="600">${label}</text>
<text x="328" y="110" font-size="18" fill="#fff" text-anchor="end">${escapeXml(g.bzdw)}装</text>
${name}
<text x="200" y="262" font-size="20" fill="#555" text-anchor="middle">${escapeXml(wrap(g.ypgg, 18, 1)[0] ?? '')}</text>
<text x="200" y="292" font-size="15" fill="#888" text-anchor="middle">${escapeXml(wrap(g.sccj, 18, 1)[0] ?? '')}</text>
</g></svg>`;
}

const SLOT_SIZES: Record<string, [number, number]> = {
  home: [1200, 400],
  top: [1200, 80],
  right: [240, 320],
  login: [600, 420],
  kxzq_ad: [600, 200],
  xrtj: [390, 200],
  draw: [1000, 240],
};

const SLOT_COLOURS: Record<string, [string, string]> = {
  home: ['#1766c2', '#4fa3ff'],
  top: ['#d4520f', '#ff9a3d'],
  right: ['#5b3cc4', '#9b7bff'],
  login: ['#16804a', '#4cc98a'],
  zyzq: ['#8a5a14', '#d9a54a'],
  yx: ['#e4393c', '#ff7b6b'],
  draw: ['#b71c1c', '#ff8f3d'],
};

export interface BannerPicture {
  id: number;
  slot: string;
  name: string;
  subtitle: string;
  url: string | null;
}

export function bannerSvg(b: BannerPicture): string {
  const [w, h] = SLOT_SIZES[b.slot] ?? [1200, 300];
  const [from, to] = SLOT_COLOURS[b.slot] ?? (b.id % 2 === 0 ? ['#c2185b', '#ff6f9c'] : ['#0f7c8c', '#3fc6d6']);
  const narrow = w < 500;
  const short = h < 120;
  const titleSize = short ? Math.round(h * 0.4) : narrow ? 26 : Math.round(Math.min(h * 0.18, w * 0.05));
  const subSize = short ? Math.round(h * 0.24) : Math.round(titleSize * 0.55);
  const titleLines = narrow ? wrap(b.name, 8, 3) : [b.name];
  const x = short ? 40 : narrow ? 24 : Math.round(w * 0.08);
  const titleY = short ? Math.round(h * 0.62) : Math.round(h * (narrow ? 0.3 : 0.42));
  const title = boldLines(titleLines, x, titleY, titleSize, 8, 'fill="#fff"');
  const subY = short ? titleY : titleY + titleLines.length * (titleSize + 8) + subSize * 0.6;
  const subX = short ? x + Array.from(b.name).length * titleSize + 24 : x;
  const cta =
    b.url === null || short
      ? ''
      : `<rect x="${x}" y="${subY + subSize}" width="${subSize * 6}" height="${subSize * 1.8}" rx="${subSize * 0.9}" fill="#fff" opacity=".92"/>
<text x="${x + subSize * 3}" y="${subY + subSize * 2.25}" font-size="${subSize * 0.8}" fill="${from}" text-anchor="middle" font-weight="600">立即查看 ›</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(b.name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<circle cx="${w * 0.85}" cy="${h * 0.2}" r="${Math.min(w, h) * 0.55}" fill="#fff" opacity=".10"/>
<circle cx="${w * 0.72}" cy="${h * 1.05}" r="${Math.min(w, h) * 0.45}" fill="#fff" opacity=".08"/>
<g font-family="${FONT}">${title}
<text x="${subX}" y="${subY}" font-size="${subSize}" fill="#fff" opacity=".9">${escapeXml(b.subtitle)}</text>
${cta}</g></svg>`;
}

export interface PrizePicture {
  id: number;
  name: string;
  is_prize: number;
}

/** A lucky-draw prize: a gift box with the prize's name, or a smiling face for the consolation entry. */
export function prizeSvg(p: PrizePicture): string {
  const [bg, accent, ink] = palette(p.id);
  const lines = wrap(p.name, 7, 2);
  const size = lines.length > 1 ? 26 : 30;
  const name = boldLines(lines, 150, 226, size, 6, `fill="${ink}" text-anchor="middle"`);
  const figure =
    p.is_prize === 1
      ? `<rect x="96" y="92" width="108" height="86" rx="8" fill="${ink}"/>
<rect x="86" y="72" width="128" height="30" rx="6" fill="${ink}" opacity=".85"/>
<rect x="142" y="72" width="16" height="106" fill="${accent}"/>
<path d="M150 72c-18-30-48-22-40-4 6 10 28 6 40 4zM150 72c18-30 48-22 40-4-6 10-28 6-40 4z" fill="none" stroke="${ink}" stroke-width="6"/>`
      : `<circle cx="150" cy="124" r="54" fill="#fff" stroke="${ink}" stroke-width="6"/>
<circle cx="131" cy="112" r="6" fill="${ink}"/><circle cx="169" cy="112" r="6" fill="${ink}"/>
<path d="M126 140q24 22 48 0" fill="none" stroke="${ink}" stroke-width="6" stroke-linecap="round"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300" role="img" aria-label="${escapeXml(p.name)}">
<rect width="300" height="300" rx="24" fill="${bg}"/>
<circle cx="262" cy="36" r="70" fill="${accent}" opacity=".45"/><circle cx="24" cy="286" r="56" fill="${accent}" opacity=".35"/>
${figure}
<g font-family="${FONT}">${name}</g></svg>`;
}

export function brandSvg(b: { id: number; name: string }): string {
  const [, accent, ink] = palette(b.id);
  const size = Array.from(b.name).length > 3 ? 30 : 40;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100" role="img" aria-label="${escapeXml(b.name)}">
<rect x="1" y="1" width="198" height="98" rx="10" fill="#fff" stroke="${accent}" stroke-width="2"/>
<text x="100" y="${50 + size * 0.35}" font-family="${FONT}" font-size="${size}" font-weight="700" fill="${ink}" text-anchor="middle">${escapeXml(b.name)}</text>
</svg>`;
}

/** What an inspection report states of one batch, dates as YYYY-MM-DD. */
export interface ReportFacts {
  batch_no: string;
  report_no: string;
  lab: string;
  produced_on: string;
  expires_on: string;
  inspected_on: string;
  conclusion: string;
}

export interface ReportPicture extends ReportFacts {
  goods_name: string;
  sccj: string;
  ypgg: string;
}

/** An inspection report as a laboratory prints it: one A4-proportioned page of the batch's facts and the verdict. */
export function reportSvg(r: ReportPicture): string {
  const rows: [string, string][] = [
    ['检品名称', r.goods_name],
    ['规格', r.ypgg],
    ['生产单位', r.sccj],
    ['批号', r.batch_no],
    ['生产日期', r.produced_on],
    ['有效期至', r.expires_on],
    ['检验依据', '《中华人民共和国药典》2025年版'],
    ['报告日期', r.inspected_on],
  ];
  const table = rows
    .map(([label, value], i) => {
      const y = 200 + i * 56;
      return `<line x1="60" y1="${y - 36}" x2="540" y2="${y - 36}" stroke="#999"/><text x="76" y="${y}" font-size="20" fill="#333">${label}</text><text x="220" y="${y}" font-size="20" fill="#111">${escapeXml(wrap(value, 15, 1)[0] ?? '')}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="848" viewBox="0 0 600 848" role="img" aria-label="${escapeXml(`${r.goods_name} 批号${r.batch_no} 检验报告`)}">
<rect width="600" height="848" fill="#fff"/><rect x="20" y="20" width="560" height="808" fill="none" stroke="#333" stroke-width="2"/>
<g font-family="${FONT}">
<text x="300" y="92" font-size="34" font-weight="700" fill="#111" text-anchor="middle">药品检验报告书</text>
<text x="300" y="130" font-size="18" fill="#555" text-anchor="middle">报告编号：${escapeXml(r.report_no)}</text>
<rect x="60" y="164" width="480" height="448" fill="none" stroke="#999"/><line x1="200" y1="164" x2="200" y2="612" stroke="#999"/>
${table}
<text x="76" y="672" font-size="22" font-weight="700" fill="#111">检验结论：本品按上述依据检验，结果${escapeXml(r.conclusion)}。</text>
<text x="540" y="760" font-size="20" fill="#111" text-anchor="end">${escapeXml(r.lab)}</text>
<circle cx="470" cy="740" r="56" fill="none" stroke="#c62828" stroke-width="4" opacity=".8"/>
<text x="470" y="748" font-size="18" fill="#c62828" text-anchor="middle" opacity=".9">检验专用章</text>
</g></svg>`;
}
