import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createSchema } from 'graphql-yoga';
import { mergeResolvers } from '@graphql-tools/merge';
import type { GraphQLSchema } from 'graphql';
import type { Resolvers } from './generated/resolvers';
import type { Context } from './context';
import { gatewayModules } from './modules';

const schemaDir = fileURLToPath(new URL('../../schema/', import.meta.url));

/** The SDL of schema/*.graphql, the public contract, in a stable order (base first so `extend type` finds it). */
export function readTypeDefs(dir = schemaDir): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.graphql'))
    .sort((a, b) => Number(b === 'base.graphql') - Number(a === 'base.graphql') || a.localeCompare(b))
    .map((name) => readFileSync(dir + name, 'utf8'));
}

/** Every domain module's resolvers, merged (each adds its own fields to the shared root and entity types). */
export function moduleResolvers(): Resolvers {
  return mergeResolvers(gatewayModules.map((module) => module.resolvers));
}

export function buildSchema(): GraphQLSchema {
  return createSchema<Context>({ typeDefs: readTypeDefs(), resolvers: moduleResolvers() });
}
