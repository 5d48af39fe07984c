// Section 4b: Lighthouse (mobile and desktop, Debian chromium) and axe-core on the pages buyers use most. Also the one
// place that says how Lighthouse is run: scripts/lighthouse.ts (`npm run lighthouse`) calls lighthouseRuns too.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { z } from 'zod';
import { chromiumExecutable, launchChromium, visit } from '../../tests/testkit/browser';
import { lighthouseEnv } from '../lib/config';
import { fixed, median } from '../lib/stats';
import { OFFLINE_CHROMIUM_FLAGS } from '../../tests/testkit/chromium';

export interface QualityPage {
  name: string;
  path: string | null;
  /** Why a page is not measured. */
  absent?: string;
}

/**
 * mobile: Lighthouse's default (emulated Moto G Power, simulated slow 4G, 4× CPU slowdown); desktop: its desktop
 * preset (1350×940, simulated 10 Mbit/s at 40 ms, no CPU slowdown).
 */
export type LighthouseProfile = 'mobile' | 'desktop';
export const PROFILES: readonly LighthouseProfile[] = ['mobile', 'desktop'];

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** The median of each figure on its own, and every run's figures. */
export interface LighthouseMedians extends LighthouseFigures {
  runs: LighthouseFigures[];
}

export interface QualityResult {
  markdown: string;
  /** The lowest figures over the pages measured, by profile. */
  minPerformance: Record<LighthouseProfile, number>;
  minAccessibility: number;
  /** The highest LCP, TBT and CLS over the pages measured with the mobile profile (issue 13's budgets). */
  worstMobile: { lcpMs: number; tbtMs: number; cls: number };
  axeViolations: number;
  measured: number;
}

/** The pages measured, by the bench and by `npm run lighthouse` alike; the cart is measured signed in. */
export function qualityPages(detailGoodsId: string): QualityPage[] {
  return [
    { name: 'home', path: '/' },
    { name: 'list', path: '/list' },
    { name: 'detail', path: `/list/info/${detailGoodsId}` },
    { name: 'cart', path: '/cart' },
  ];
}

const CHROME_FLAGS = ['--headless=new', ...OFFLINE_CHROMIUM_FLAGS];

/**
 * Lighthouse runs as its own command at this version, which npx fetches on first use, rather than as a package of
 * the project: its 160 packages would be unpacked by every `npm ci`, CI's included (about 15 s of each), for a
 * measurement CI never takes (ADR 0227).
 */
const LIGHTHOUSE = 'lighthouse@12.8.2';

/** The part of Lighthouse's JSON report read here. */
const reportSchema = z.object({
  runtimeError: z.object({ code: z.string(), message: z.string() }).optional(),
  categories: z.object({
    performance: z.object({ score: z.number().nullable() }).optional(),
    accessibility: z.object({ score: z.number().nullable() }).optional(),
  }),
  audits: z.record(z.string(), z.object({ numericValue: z.number().optional() })),
});

const run = promisify(execFile);

/** One Lighthouse run of `url` in a fresh Chromium (as its command always starts one), with the headers in `headers`. */
async function lighthouseReport(url: string, headers: string, profile: LighthouseProfile) {
  const args = [
    '--yes',
    LIGHTHOUSE,
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--only-categories=performance,accessibility',
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    // A file, not the command line: the buyer's session cookie is not for every process list to show.
    `--extra-headers=${headers}`,
    ...(profile === 'desktop' ? ['--preset=desktop'] : []),
  ];
  // A run that meets a runtime error still prints its report (with runtimeError) and exits 1.
  const { stdout, stderr } = await run('npx', args, {
    // The same Chromium as axe's below.
    env: lighthouseEnv(chromiumExecutable),
    maxBuffer: 256 * 1024 * 1024,
    timeout: 300_000,
  }).catch((error: unknown) => {
    if (error instanceof Error && 'stdout' in error && typeof error.stdout === 'string' && error.stdout !== '') {
      return { stdout: error.stdout, stderr: '' };
    }
    throw error;
  });
  if (stdout.trim() === '') throw new Error(`Lighthouse printed no report for ${url}: ${stderr.slice(-500)}`);
  return reportSchema.parse(JSON.parse(stdout));
}

/** `runs` Lighthouse runs of one page in one profile, each in a fresh Chromium; `cookie` is sent with every request. */
export async function lighthouseRuns(
  url: string,
  cookie: string,
  runs: number,
  profile: LighthouseProfile = 'mobile',
): Promise<LighthouseMedians> {
  const figures: LighthouseFigures[] = [];
  // A page's first renders in a fresh process run cold code (seconds of compiling on this machine), which Lighthouse
  // would report as the server's response time: the pages are measured as a running site serves them.
  for (let warm = 0; warm < 3; warm++) {
    await fetch(url, { headers: { cookie, 'accept-encoding': 'br' } }).then((response) => response.arrayBuffer());
  }
  const dir = await mkdtemp(join(tmpdir(), 'lighthouse-'));
  const headers = join(dir, 'headers.json');
  await writeFile(headers, JSON.stringify({ Cookie: cookie }), { mode: 0o600 });
  let retries = 0;
  try {
    for (let attempt = 0; attempt < runs; attempt++) {
      const lhr = await lighthouseReport(url, headers, profile);
      if (lhr.runtimeError) {
        // On a loaded 2-core machine headless Chromium now and then reports no paint at all (NO_FCP): up to two retries.
        if (retries++ < 2) {
          attempt -= 1;
          continue;
        }
        throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      }
      figures.push({
        performance: (lhr.categories.performance?.score ?? Number.NaN) * 100,
        accessibility: (lhr.categories.accessibility?.score ?? Number.NaN) * 100,
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return {
    performance: median(figures.map((f) => f.performance)),
    accessibility: median(figures.map((f) => f.accessibility)),
    lcpMs: median(figures.map((f) => f.lcpMs)),
    tbtMs: median(figures.map((f) => f.tbtMs)),
    cls: median(figures.map((f) => f.cls)),
    runs: figures,
  };
}

async function axe(browser: Browser, url: string, webUrl: string, token: string) {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'token', value: token, url: webUrl }]);
  const page = await context.newPage();
  try {
    await visit(page, url, { waitUntil: 'networkidle' });
    const result = await new AxeBuilder({ page }).analyze();
    return { count: result.violations.length, ids: result.violations.map((v) => `${v.id} (${v.nodes.length})`) };
  } finally {
    await context.close();
  }
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

/**
 * Lighthouse first, for every page in each profile, with no other browser running (on this busy 2-core machine a
 * second Chromium made headless Lighthouse report no paint at all); axe afterwards in a browser of its own. A page
 * that fails is reported as not measured, with why, and the others still count.
 */
export async function measureWebQuality(options: {
  webUrl: string;
  token: string;
  pages: QualityPage[];
  runs: number;
  profiles?: readonly LighthouseProfile[];
}): Promise<QualityResult> {
  const { webUrl, token, pages, runs, profiles = PROFILES } = options;
  const lighthouseOf = new Map<string, LighthouseMedians | string>();
  for (const page of pages) {
    if (page.path === null) continue;
    for (const profile of profiles) {
      try {
        lighthouseOf.set(
          `${page.name} ${profile}`,
          await lighthouseRuns(webUrl + page.path, `token=${token}`, runs, profile),
        );
      } catch (error) {
        lighthouseOf.set(`${page.name} ${profile}`, `Lighthouse failed: ${reason(error)}`);
      }
    }
  }
  const axeOf = new Map<string, { count: number; ids: string[] } | string>();
  const browser = await launchChromium();
  try {
    for (const page of pages) {
      if (page.path === null) continue;
      try {
        axeOf.set(page.name, await axe(browser, webUrl + page.path, webUrl, token));
      } catch (error) {
        axeOf.set(page.name, `axe failed: ${reason(error)}`);
      }
    }
  } finally {
    await browser.close();
  }

  const rows: string[] = [];
  const minPerformance: Record<LighthouseProfile, number> = {
    mobile: Number.POSITIVE_INFINITY,
    desktop: Number.POSITIVE_INFINITY,
  };
  let minAccessibility = Number.POSITIVE_INFINITY;
  const worstMobile = { lcpMs: 0, tbtMs: 0, cls: 0 };
  let axeViolations = 0;
  let measured = 0;
  for (const page of pages) {
    if (page.path === null) {
      rows.push(`| ${page.name} | | not measured: ${page.absent ?? 'no route'} | | | | | |`);
      continue;
    }
    const violations = axeOf.get(page.name);
    const axeCell =
      violations === undefined || typeof violations === 'string'
        ? (violations ?? 'not run')
        : `${violations.count}${violations.ids.length > 0 ? `: ${violations.ids.join(', ')}` : ''}`;
    let complete = violations !== undefined && typeof violations !== 'string';
    profiles.forEach((profile, i) => {
      const lh = lighthouseOf.get(`${page.name} ${profile}`);
      const scores =
        lh === undefined || typeof lh === 'string'
          ? `${lh ?? 'not run'} | | | | `
          : `${fixed(lh.performance, 0)} | ${fixed(lh.accessibility, 0)} | ${fixed(lh.lcpMs, 0)} | ${fixed(lh.tbtMs, 0)} | ${fixed(lh.cls, 3)}`;
      if (lh === undefined || typeof lh === 'string') complete = false;
      else {
        minPerformance[profile] = Math.min(minPerformance[profile], lh.performance);
        minAccessibility = Math.min(minAccessibility, lh.accessibility);
        if (profile === 'mobile') {
          worstMobile.lcpMs = Math.max(worstMobile.lcpMs, lh.lcpMs);
          worstMobile.tbtMs = Math.max(worstMobile.tbtMs, lh.tbtMs);
          worstMobile.cls = Math.max(worstMobile.cls, lh.cls);
        }
      }
      // axe does not depend on the profile: its count is on the page's first row.
      rows.push(
        `| ${i === 0 ? `${page.name} (${page.path})` : ''} | ${profile} | ${scores} | ${i === 0 ? axeCell : ''} |`,
      );
    });
    if (complete && violations !== undefined && typeof violations !== 'string') {
      measured += 1;
      axeViolations += violations.count;
    }
  }
  const markdown = [
    `Lighthouse ${runs === 1 ? 'once' : `median of ${runs} runs`} per page and profile: mobile is its default`,
    '(emulated Moto G Power, simulated slow 4G and 4× CPU slowdown), desktop its desktop preset (1350×940, simulated',
    '10 Mbit/s at 40 ms, no CPU slowdown). Debian chromium headless, signed in as demo (session cookie), served by',
    'the gateway from web/dist. axe-core (@axe-core/playwright) on the same page after the network is idle; the',
    'number is rules violated, with the nodes each rule flagged.',
    '',
    '| page | profile | performance | accessibility | LCP ms | TBT ms | CLS | axe violations |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    // Issue 13's "before": the last report of the client-rendered web, kept here because that build is gone.
    'Before server rendering (issue 13), the last run of the client-rendered web (commit `df683ae`, 2026-11-23, mobile',
    'profile only; same pages and method):',
    '',
    '| page | performance | accessibility | LCP ms | TBT ms | CLS |',
    '|---|---|---|---|---|---|',
    '| home | 51 | 100 | 7822 | 1307 | 0.005 |',
    '| list | 50 | 100 | 8768 | 1387 | 0.029 |',
    '| detail | 53 | 100 | 7978 | 1026 | 0.029 |',
    '| cart | 52 | 96 | 8458 | 1112 | 0.029 |',
  ].join('\n');
  return { markdown, minPerformance, minAccessibility, worstMobile, axeViolations, measured };
}
