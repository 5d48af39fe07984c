import { DateTimeResolver } from 'graphql-scalars';
import type { GatewayModule } from '../../module';
import { formatFen } from '@pharma/domain/money';

/** The scalars and value types every domain's fields use. */
export const gatewayModule: GatewayModule = {
  resolvers: {
    DateTime: DateTimeResolver,
    Money: {
      fen: (fen) => fen,
      amount: (fen) => formatFen(fen),
    },
  },
};
