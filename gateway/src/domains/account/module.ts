import type { GatewayModule } from '../../module';
import { Once } from '../../once';
import type { QualificationMapper } from './mappers';
import { accountResolvers } from './resolvers';
import { fetchQualifications } from './rest';

declare module '../../context' {
  interface Loaders {
    qualifications: Once<QualificationMapper[]>;
  }
}

export const gatewayModule: GatewayModule = {
  resolvers: accountResolvers,
  loaders: (upstream) => ({ qualifications: new Once(() => fetchQualifications(upstream)) }),
};
