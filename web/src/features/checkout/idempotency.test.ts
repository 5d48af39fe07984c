import { describe, expect, it } from 'vitest';
import { idempotencyKeyFor } from './idempotency';

describe('the order idempotency key', () => {
  it('is the same for every submit of one page view, so a double click places one order', () => {
    const first = idempotencyKeyFor('view-a');
    expect(idempotencyKeyFor('view-a')).toBe(first);
    expect(idempotencyKeyFor('view-a')).toBe(first);
  });

  it('differs between page views, so a second visit to the confirm page can place a second order', () => {
    expect(idempotencyKeyFor('view-b')).not.toBe(idempotencyKeyFor('view-c'));
  });

  it('is a random UUID, not something another buyer could guess', () => {
    expect(idempotencyKeyFor('view-d')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('forgets the oldest views first, keeping the recent ones stable', () => {
    let made = 0;
    const make = () => `key-${++made}`;
    const recent = idempotencyKeyFor('view-recent', make);
    for (let view = 0; view < 60; view += 1) idempotencyKeyFor(`filler-${view}`, make);
    expect(idempotencyKeyFor('filler-59', make)).toBe('key-61');
    expect(idempotencyKeyFor('view-recent', make)).not.toBe(recent);
  });
});
