import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { infoRoutes } from './info-routes';

describe('help and information routes', () => {
  // The table only: no loader runs here.
  const routes = infoRoutes(() => {
    throw new Error('no route loader runs in these tests');
  });
  const paths = routes.map((route) => route.path);

  it('INFO-01, INFO-05: serve the help centre, any /help/a/b?id= article, news and privacy', () => {
    expect(paths).toEqual(
      expect.arrayContaining(['help', 'help/:category/:sub', 'news', 'news/info/:id/:type', 'privacy']),
    );
  });

  it('INFO-03: serve the payment help pages and lead each slash alias to its underscore address', () => {
    expect(paths).toEqual(expect.arrayContaining(['help_pay', 'help_zfps_ddzf', 'help_zfps_hwps', 'help_zfps_ypth']));
    const aliases = Object.fromEntries(
      routes
        .filter((route) => isValidElement<{ to: string }>(route.element))
        .map((route) => [route.path, isValidElement<{ to: string }>(route.element) ? route.element.props.to : '']),
    );
    expect(aliases).toEqual({
      'help/pay': '/help_pay',
      'help/zfps/ddzf': '/help_zfps_ddzf',
      'help/zfps/hwps': '/help_zfps_hwps',
      'help/zfps/ypth': '/help_zfps_ypth',
    });
  });
});
