// The byte budgets of issue 5, which are deterministic and so belong in `npm test`: they read the production build
// that scripts/test.ts's 'web build' step makes. Without a build they skip, except under CI=true, where a missing
// build must fail rather than pass by skipping.
import { describe, expect, it } from 'vitest';
import { hasBuild, homeRoute, lazyChunks } from '../bench/lib/bundle';

const ci = process.env.CI === 'true';
const built = hasBuild();

describe('web byte budgets', () => {
  it('has a production build to measure under CI', () => {
    if (ci) expect(built, 'CI=true but web/dist has no Vite manifest: run `npm run build -w web` first').toBe(true);
  });

  it.skipIf(!built)('loads at most 200 KB of gzipped JavaScript and CSS before the home route renders', () => {
    const home = homeRoute(200);
    // bundle-size.ts counts the JavaScript graph; Fluent's styles are CSS-in-JS, so a CSS file would go uncounted.
    expect(lazyChunks().cssFiles, 'the build emits CSS files that bundle-size.ts does not count').toBe(0);
    expect(home.gzipBytes).toBeGreaterThan(0);
    expect(home.gzipBytes, home.output).toBeLessThanOrEqual(200 * 1024);
    expect(home.withinBudget).toBe(true);
  });

  it.skipIf(!built)('splits every route but home into a lazy chunk of its own', () => {
    const { chunks } = lazyChunks();
    const routes = chunks.map((chunk) => chunk.source);
    for (const page of ['GoodsListPage', 'CartPage', 'LoginPage']) {
      expect(
        routes.some((source) => source.includes(page)),
        `${page} is not a lazy chunk`,
      ).toBe(true);
    }
  });
});

if (!built && !ci) {
  console.warn('budgets.test.ts: web/dist has no production build; byte budgets skipped (npm run build -w web).');
}
