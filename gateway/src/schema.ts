import { createSchema } from 'graphql-yoga';
import { mergeResolvers } from '@graphql-tools/merge';
import type { GraphQLSchema } from 'graphql';
import type { Resolvers } from './generated/resolvers';
import type { Context } from './context';
import { gatewayModules } from './modules';
import { readTypeDefs } from './schema-files';

export { readTypeDefs };

/** Every domain module's resolvers, merged (each adds its own fields to the shared root and entity types). */
export function moduleResolvers(): Resolvers {
  return mergeResolvers(gatewayModules.map((module) => module.resolvers));
}

export function buildSchema(): GraphQLSchema {
  return createSchema<Context>({ typeDefs: readTypeDefs(), resolvers: moduleResolvers() });
}
