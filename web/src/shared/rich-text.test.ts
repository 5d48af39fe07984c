import { describe, expect, it } from 'vitest';
import { sameSitePath } from './rich-text';

describe('sameSitePath', () => {
  it('keeps same-site paths with their query', () => {
    expect(sameSitePath('/help_pay')).toBe('/help_pay');
    expect(sameSitePath(' /news?kind=COMPANY ')).toBe('/news?kind=COMPANY');
  });

  it('leaves every other address to the browser', () => {
    for (const href of [
      null,
      '',
      'https://www.nmpa.gov.cn/',
      '//evil.test/x',
      '/\\evil.test',
      'tel:4008201120',
      '#top',
      'help',
    ]) {
      expect(sameSitePath(href), String(href)).toBeNull();
    }
  });
});
