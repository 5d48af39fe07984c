import { GraphQLScalarType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { gatewayModule } from './module';

describe('DateTime', () => {
  it('answers ISO text, not a Date: answers handed to the server render in process never pass through JSON', () => {
    const scalar = gatewayModule.resolvers?.['DateTime'];
    if (!(scalar instanceof GraphQLScalarType)) throw new Error('DateTime is not a scalar');
    expect(scalar.serialize('2026-11-28T10:00:00+08:00')).toBe('2026-11-28T02:00:00.000Z');
    expect(scalar.serialize(new Date(Date.UTC(2026, 10, 28)))).toBe('2026-11-28T00:00:00.000Z');
    expect(() => scalar.serialize('下周一')).toThrow();
  });
});
