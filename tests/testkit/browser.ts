// Debian's chromium driven by playwright-core. The flags keep it from dialling out on a machine with no internet.
import { chromium, type Browser } from 'playwright-core';

/** Where the browser tests find Chromium; empty when this run has none (scripts/test.ts decides). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '';

export function launchChromium(executablePath: string = chromiumPath || '/usr/bin/chromium'): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
