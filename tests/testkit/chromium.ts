import { existsSync } from 'node:fs';

/** Chromium's flags for a machine without internet or a display: it must not dial out, update or sync. */
export const OFFLINE_CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * ADR 0231: the test suites' Chromium runs page scripts without V8's optimising compilers (Maglev, TurboFan). A test's
 * page lives for seconds; what the optimisers compiled for it on background threads never paid back, and was a
 * third of the renderers' work. Pages behave the same; the bench, the screenshots and Lighthouse keep a buyer's V8.
 */
export const TEST_CHROMIUM_FLAGS = [...OFFLINE_CHROMIUM_FLAGS, '--js-flags=--no-maglev --no-turbofan'];

/**
 * ADR 0232: the Chromium the test suites drive unless CHROMIUM_PATH names one: Debian's headless shell where it is
 * installed (`chromium-headless-shell`, the headless mode Playwright itself runs suites in), which has no browser
 * window, tab strip or their compositor to keep drawing; Chromium itself otherwise. People and the bench keep
 * `/usr/bin/chromium`, the browser buyers have.
 */
export const SUITE_CHROMIUM =
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ?? '/usr/bin/chromium';
