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
