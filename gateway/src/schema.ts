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

// One per process: the schema depends on nothing a gateway is configured with, and building it (the SDL of every
// domain, parsed and checked) cost a few hundred milliseconds of every gateway's start, which the tests pay per test.
let built: GraphQLSchema | undefined;

export function buildSchema(): GraphQLSchema {
  built ??= createSchema<Context>({ typeDefs: readTypeDefs(), resolvers: moduleResolvers() });
  return built;
}
