import { GraphQLScalarType } from 'graphql';
import { DateTimeResolver } from 'graphql-scalars';
import type { GatewayModule } from '../../module';
import { formatFen } from '@pharma/domain/money';

/**
 * graphql-scalars' DateTime serialises to a Date object and leaves the ISO text to JSON.stringify. Answers that never
 * become JSON (the server render's queries from their plans, ADR 0503) would hand React a Date, whose text differs
 * from the browser's ISO string and breaks hydration; so the scalar answers the ISO text itself.
 */
const DateTime = new GraphQLScalarType({
  ...DateTimeResolver.toConfig(),
  serialize: (value) => {
    const date = DateTimeResolver.serialize(value);
    return date instanceof Date ? date.toISOString() : date;
  },
});

/** The scalars and value types every domain's fields use. */
export const gatewayModule: GatewayModule = {
  resolvers: {
    DateTime,
    Money: {
      fen: (fen) => fen,
      amount: (fen) => formatFen(fen),
    },
  },
};
