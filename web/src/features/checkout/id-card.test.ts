import { describe, expect, it } from 'vitest';
import { isIdCard } from './id-card';

describe('the ID card number of the receipt step', () => {
  it('accepts numbers whose check character matches, including a lower-case x', () => {
    for (const id of ['11010519491231002X', '11010519491231002x', '440524188001010014']) {
      expect(isIdCard(id), id).toBe(true);
    }
  });

  it('refuses a wrong check character, a wrong length or letters inside', () => {
    for (const id of ['110105194912310021', '44052418800101001', '4405241880010100145', '44052418800A010014', '']) {
      expect(isIdCard(id), id).toBe(false);
    }
  });
});
