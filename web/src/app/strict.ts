import { Fragment, StrictMode } from 'react';
import { config } from '../config';

/** React's StrictMode around the app, unless the build leaves it out (`VITE_STRICT_MODE=off`, ADR 0225). */
export const Strict = config.strictMode ? StrictMode : Fragment;
