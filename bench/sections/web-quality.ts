// Section 4b: Lighthouse (mobile preset, Debian chromium) and axe-core on the pages buyers use most.
import AxeBuilder from '@axe-core/playwright';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../tests/testkit/browser';
import { fixed, median } from '../lib/stats';

export interface QualityPage {
  name: string;
  path: string | null;
  /** Why a page is not measured. */
  absent?: string;
}

interface PageFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  axe: number;
  axeIds: string[];
}

export interface QualityResult {
  markdown: string;
  minPerformance: number;
  minAccessibility: number;
  axeViolations: number;
  measured: number;
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function lighthouseRuns(url: string, cookie: string, runs: number) {
  const figures: Omit<PageFigures, 'axe' | 'axeIds'>[] = [];
  let retries = 0;
  for (let run = 0; run < runs; run++) {
    // A fresh browser per run, as Lighthouse's CLI does, so no run inherits another's cache.
    const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        extraHeaders: { Cookie: cookie },
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse answered nothing for ${url}`);
      if (lhr.runtimeError) {
        // On a loaded 2-core machine headless Chromium now and then reports no paint at all (NO_FCP): up to two retries.
        if (retries++ < 2) {
          run -= 1;
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
    } finally {
      await chrome.kill();
    }
  }
  return {
    performance: median(figures.map((f) => f.performance)),
    accessibility: median(figures.map((f) => f.accessibility)),
    lcpMs: median(figures.map((f) => f.lcpMs)),
    tbtMs: median(figures.map((f) => f.tbtMs)),
    cls: median(figures.map((f) => f.cls)),
  };
}

async function axe(browser: Browser, url: string, webUrl: string, token: string) {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'token', value: token, url: webUrl }]);
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    const result = await new AxeBuilder({ page }).analyze();
    return { count: result.violations.length, ids: result.violations.map((v) => `${v.id} (${v.nodes.length})`) };
  } finally {
    await context.close();
  }
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

/**
 * Lighthouse first, for every page, with no other browser running (on this busy 2-core machine a second Chromium
 * made headless Lighthouse report no paint at all); axe afterwards in a browser of its own. A page that fails is
 * reported as not measured, with why, and the others still count.
 */
export async function measureWebQuality(options: {
  webUrl: string;
  token: string;
  pages: QualityPage[];
  runs: number;
}): Promise<QualityResult> {
  const { webUrl, token, pages, runs } = options;
  const lighthouseOf = new Map<string, Awaited<ReturnType<typeof lighthouseRuns>> | string>();
  for (const page of pages) {
    if (page.path === null) continue;
    try {
      lighthouseOf.set(page.name, await lighthouseRuns(webUrl + page.path, `token=${token}`, runs));
    } catch (error) {
      lighthouseOf.set(page.name, `Lighthouse failed: ${reason(error)}`);
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
  let minPerformance = Number.POSITIVE_INFINITY;
  let minAccessibility = Number.POSITIVE_INFINITY;
  let axeViolations = 0;
  let measured = 0;
  for (const page of pages) {
    if (page.path === null) {
      rows.push(`| ${page.name} | not measured: ${page.absent ?? 'no route'} | | | | | |`);
      continue;
    }
    const lh = lighthouseOf.get(page.name);
    const violations = axeOf.get(page.name);
    const scores =
      lh === undefined || typeof lh === 'string'
        ? `${lh ?? 'not run'} | | | | `
        : `${fixed(lh.performance, 0)} | ${fixed(lh.accessibility, 0)} | ${fixed(lh.lcpMs, 0)} | ${fixed(lh.tbtMs, 0)} | ${fixed(lh.cls, 3)}`;
    const axeCell =
      violations === undefined || typeof violations === 'string'
        ? (violations ?? 'not run')
        : `${violations.count}${violations.ids.length > 0 ? `: ${violations.ids.join(', ')}` : ''}`;
    if (lh !== undefined && typeof lh !== 'string' && violations !== undefined && typeof violations !== 'string') {
      measured += 1;
      minPerformance = Math.min(minPerformance, lh.performance);
      minAccessibility = Math.min(minAccessibility, lh.accessibility);
      axeViolations += violations.count;
    }
    rows.push(`| ${page.name} (${page.path}) | ${scores} | ${axeCell} |`);
  }
  const markdown = [
    `Lighthouse ${runs === 1 ? 'once' : `median of ${runs} runs`} per page, its default mobile preset (emulated Moto G`,
    'Power, simulated slow 4G and 4× CPU slowdown), Debian chromium headless, signed in as demo (session cookie),',
    'served by the gateway from web/dist. axe-core (@axe-core/playwright) on the same page after the network is',
    'idle; the number is rules violated, with the nodes each rule flagged.',
    '',
    '| page | performance | accessibility | LCP ms | TBT ms | CLS | axe violations |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  return { markdown, minPerformance, minAccessibility, axeViolations, measured };
}
