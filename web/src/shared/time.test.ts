import { describe, expect, it } from 'vitest';
import { formatDateTime } from './time';

describe('order and wallet times', () => {
  it('are shown in China time whatever the zone of the instant given', () => {
    expect(formatDateTime('2026-11-22T18:45:00.000Z')).toBe('2026/11/23 02:45');
  });

  it('show a dash instead of "Invalid Date"', () => {
    expect(formatDateTime('not a time')).toBe('—');
  });
});
