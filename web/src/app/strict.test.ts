import { describe, expect, it } from 'vitest';
import { parseWebConfig } from '../../config';

describe('VITE_STRICT_MODE', () => {
  it('keeps StrictMode unless a build says off, and refuses any other word', () => {
    expect(parseWebConfig({}).strictMode).toBe(true);
    expect(parseWebConfig({ VITE_STRICT_MODE: 'on' }).strictMode).toBe(true);
    expect(parseWebConfig({ VITE_STRICT_MODE: 'off' }).strictMode).toBe(false);
    expect(() => parseWebConfig({ VITE_STRICT_MODE: 'false' })).toThrow(/VITE_STRICT_MODE/);
  });
});
