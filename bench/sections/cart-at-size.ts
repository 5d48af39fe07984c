// Section 5: the cart at 200 lines: the gateway's latency for the cart page's query, and how long select-all takes
// to repaint in Chromium (the optimistic change) and to be confirmed by the gateway.
import type { Browser } from 'playwright-core';
import { networkSettled, visit } from '../../tests/testkit/browser';
import { print } from 'graphql';
import { CartPageDocument } from '../../web/src/gql/graphql';
import { fixed, percentile, timeEach } from '../lib/stats';

/**
 * Runs in the page: clicks select-all and waits until every line's checkbox shows the new state and two frames have
 * been drawn after it, the time a buyer waits to see the change. A string, because tsx would wrap a function's
 * source in helpers the page does not have.
 */
const SELECT_ALL_AND_WAIT = `(async () => {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === '全选');
  const input = label && label.htmlFor ? document.getElementById(label.htmlFor) : null;
  if (!(input instanceof HTMLInputElement)) throw new Error('no select-all checkbox');
  const target = !input.checked;
  const boxes = () => [...document.querySelectorAll('ul[aria-label="购物车商品"] input[type=checkbox]')].filter((b) => !b.disabled);
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const started = performance.now();
  input.click();
  while (!boxes().every((box) => box.checked === target)) await frame();
  await frame();
  await frame();
  return performance.now() - started;
})()`;

export interface CartOptions {
  browser: Browser;
  webUrl: string;
  gatewayUrl: string;
  token: string;
  lines: number;
}

export async function measureCart(options: CartOptions): Promise<{ markdown: string; p50: number }> {
  const { browser, webUrl, gatewayUrl, token, lines } = options;
  const body = JSON.stringify({ query: print(CartPageDocument), operationName: 'CartPage' });
  let size = 0;
  const query = async () => {
    const response = await fetch(`${gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    });
    const text = await response.text();
    if (!response.ok || text.includes('"errors"')) throw new Error(`CartPage failed: ${text.slice(0, 200)}`);
    size = text.length;
    return text;
  };
  const seen = JSON.parse(await query()) as { data: { cart: { lines: unknown[] } } };
  if (seen.data.cart.lines.length !== lines) throw new Error(`the cart has ${seen.data.cart.lines.length} lines`);
  await timeEach(5, query);
  const times = await timeEach(40, query);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'token', value: token, url: webUrl }]);
  const page = await context.newPage();
  await visit(page, `${webUrl}/cart`, { waitUntil: 'networkidle' });
  await page.getByRole('list', { name: '购物车商品' }).locator('input[type=checkbox]').first().waitFor();
  const repaints: number[] = [];
  const confirmed: number[] = [];
  for (let round = 0; round < 4; round++) {
    const response = page.waitForResponse(
      (r) => r.url().includes('/graphql') && (r.request().postData() ?? '').includes('SelectCartLines'),
      { timeout: 20_000 },
    );
    // Observed even when the click below fails, so its rejection is never left unhandled.
    response.catch(() => undefined);
    const startedNode = performance.now();
    const repaint = Number(await page.evaluate(SELECT_ALL_AND_WAIT));
    await response;
    confirmed.push(performance.now() - startedNode);
    repaints.push(repaint);
    await networkSettled(page);
  }
  await context.close();

  const markdown = [
    `A cart of ${lines} lines (buyer demo). Gateway: the web client's CartPage query sent 40 times one after another`,
    `after 5 warm-up requests, ${size} bytes of JSON each, through the gateway in its own process.`,
    '',
    `| measure | p50 ms | p95 ms |`,
    '|---|---|---|',
    `| CartPage query, ${lines} lines, through the gateway | ${fixed(percentile(times, 50))} | ${fixed(percentile(times, 95))} |`,
    `| select-all: click until every checkbox shows it and two frames are drawn (Chromium, 4 toggles) | ${fixed(percentile(repaints, 50))} | ${fixed(Math.max(...repaints))} (max) |`,
    `| select-all: click until the gateway's answer has arrived | ${fixed(percentile(confirmed, 50))} | ${fixed(Math.max(...confirmed))} (max) |`,
  ].join('\n');
  return { markdown, p50: percentile(times, 50) };
}
