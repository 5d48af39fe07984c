// `node --import tsx scripts/screenshots.ts [path ...]`: looks at the marketplace as a person would. Starts the
// upstream (in-memory PGlite) and the gateway serving the built web (`npm run build` first), signs in as demo, and
// saves full-page screenshots at 1440 px and 390 px wide under tests/.artifacts/screens/.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchChromium, visit } from '../tests/testkit/browser';
import { startMarketplace } from '../tests/testkit/marketplace';

const root = resolve(import.meta.dirname, '..');
const out = resolve(root, 'tests/.artifacts/screens');
mkdirSync(out, { recursive: true });

const paths = process.argv.slice(2);
const targets = paths.length > 0 ? paths : ['/', '/list', '/search?keyword=gmlkl', '/login', '/nowhere'];

const m = await startMarketplace({ store: 'pglite', webDist: resolve(root, 'web/dist') });
// A member's cart with lines of every kind a buyer meets: ladder prices, a tag, and goods that cannot be bought.
const demoToken = await m.login('demo');
const cartGoods = await m.db.query<{ id: number }>(
  `(SELECT id FROM goods WHERE is_buy = 1 AND number > 50 ORDER BY id LIMIT 4)
   UNION ALL (SELECT id FROM goods WHERE is_buy = 0 ORDER BY id LIMIT 1)`,
);
for (const { id } of cartGoods) {
  await m.db.query(
    `INSERT INTO cart_lines (user_id, goods_id, number) SELECT u.id, $1, 3 FROM users u WHERE u.username = 'demo'`,
    [id],
  );
}
// ...and a set of a combination purchase (type 3) and a group-buy join (type 2), the activity lines.
await m.db.query(
  `INSERT INTO cart_lines (user_id, goods_id, type, combination_id, number)
   SELECT u.id, s.goods_id, 3, s.group_id, 2 FROM users u,
     (SELECT c.group_id, c.goods_id FROM combination_goods c JOIN combination_groups g ON g.id = c.group_id
      WHERE g.kind = 'bundle' ORDER BY g.sort, g.id, c.sort, c.goods_id LIMIT 1) s
   WHERE u.username = 'demo'`,
);
await m.db.query(
  `INSERT INTO cart_lines (user_id, goods_id, type, group_buy_id, number)
   SELECT u.id, gb.goods_id, 2, gb.id, 5 FROM users u, (SELECT id, goods_id FROM group_buys ORDER BY id LIMIT 1) gb
   WHERE u.username = 'demo'`,
);
const browser = await launchChromium();
try {
  for (const signedIn of [false, true]) {
    for (const width of [1440, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'zh-CN' });
      if (signedIn) {
        await context.addCookies([{ name: 'token', value: demoToken, url: m.gatewayUrl, httpOnly: true }]);
      }
      const page = await context.newPage();
      page.on('console', (msg) => {
        if (msg.type() === 'error') console.log(`[${width}] console error: ${msg.text()}`);
      });
      for (const path of targets) {
        await visit(page, `${m.gatewayUrl}${path}`, { waitUntil: 'networkidle' });
        const name = `${signedIn ? 'member' : 'visitor'}-${width}-${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}.png`;
        await page.screenshot({ path: resolve(out, name), fullPage: true });
        // A phone's full page shrinks to illegible when viewed whole; its first screen is what a buyer sees.
        if (width < 600) await page.screenshot({ path: resolve(out, name.replace('.png', '-top.png')) });
        console.log(`${name}  (${await page.title()})`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await m.close();
}
