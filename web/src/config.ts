import type { WebConfig } from '../config';

declare const __WEB_CONFIG__: WebConfig;

/** The web's settings, checked by ../config.ts when Vite builds and put here as a constant (Vite's `define`). */
export const config: WebConfig = __WEB_CONFIG__;
