import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { IMAGE_ROUTE } from './images';

// OPS-21: a picture the upstream describes but the gateway does not relay is a broken picture on every page that
// shows it (the points mall's and the side nav's were, until their kinds were listed here).
describe('the picture relay (OPS-21)', () => {
  const described = z
    .object({ paths: z.record(z.string(), z.unknown()) })
    .parse(parse(readFileSync(new URL('../../../upstream/openapi.yaml', import.meta.url), 'utf8')));
  const paths = Object.keys(described.paths);

  it('relays every picture address of the REST description', () => {
    const pictures = paths.filter((path) => path.startsWith('/api/images/'));
    expect(pictures.length).toBeGreaterThan(5);
    for (const path of pictures) expect(path.replace('{id}', '7'), path).toMatch(IMAGE_ROUTE);
  });

  it('relays nothing else', () => {
    for (const path of [
      '/api/images/goods/0.svg',
      '/api/images/points/7.svg.bak',
      '/api/images/../user/base',
      '/api/user/base',
    ])
      expect(path).not.toMatch(IMAGE_ROUTE);
  });
});
