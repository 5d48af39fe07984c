// A bench section run alone (node --import tsx bench/sections/<section>.ts) rather than inside `npm run bench`.
import { pathToFileURL } from 'node:url';
import type { Marketplace } from '../../tests/testkit/marketplace';

/**
 * When `moduleUrl` is the file node was started with: a marketplace of its own (PGlite, seeded), demo signed in,
 * and the section's table on stdout. Imported by `npm run bench`, it does nothing.
 */
export async function runAlone(
  moduleUrl: string,
  measure: (m: Marketplace, token: string) => Promise<{ markdown: string }>,
): Promise<void> {
  if (process.argv[1] === undefined || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  // Imported only here, so that the bench's own run does not load the test marketplace.
  const { startMarketplace } = await import('../../tests/testkit/marketplace');
  const { restLogin } = await import('./marketplace');
  const m = await startMarketplace({ store: 'pglite' });
  try {
    const token = await restLogin(m.upstreamUrl, 'demo');
    console.log((await measure(m, token)).markdown);
  } finally {
    await m.close();
  }
}
