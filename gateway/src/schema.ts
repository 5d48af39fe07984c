import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createSchema } from 'graphql-yoga';
import { DateTimeResolver } from 'graphql-scalars';
import type { GraphQLSchema } from 'graphql';
import type { Resolvers } from './generated/resolvers';
import type { Context } from './context';
import { formatFen } from './money';
import { userResolvers } from './domains/user/resolvers';
import { goodsResolvers } from './domains/goods/resolvers';
import { focusResolvers } from './domains/focus/resolvers';
import { cartResolvers } from './domains/cart/resolvers';
import { couponResolvers } from './domains/coupons/resolvers';
import { orderResolvers } from './domains/orders/resolvers';
import { favoriteResolvers } from './domains/favorites/resolvers';
import { controlledSalesResolvers } from './domains/controlled-sales/resolvers';
import { drawResolvers } from './domains/draw/resolvers';
import { registrationResolvers } from './domains/registration/resolvers';

const schemaDir = fileURLToPath(new URL('../../schema/', import.meta.url));

/** The SDL of schema/*.graphql, the public contract, in a stable order (base first so `extend type` finds it). */
export function readTypeDefs(dir = schemaDir): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.graphql'))
    .sort((a, b) => Number(b === 'base.graphql') - Number(a === 'base.graphql') || a.localeCompare(b))
    .map((name) => readFileSync(dir + name, 'utf8'));
}

const sharedResolvers: Resolvers = {
  DateTime: DateTimeResolver,
  // Money travels as integer fen inside the gateway; the decimal string is made only when a client asks for it.
  Money: {
    fen: (fen) => fen,
    amount: (fen) => formatFen(fen),
  },
};

/** Each domain adds its own fields to the shared root and entity types; merged one level deep. */
export function mergeResolvers(...maps: Resolvers[]): Resolvers {
  const merged: Record<string, object> = {};
  for (const map of maps) {
    for (const [typeName, fields] of Object.entries(map)) {
      // A scalar (GraphQLScalarType) is taken whole; spreading it would lose its prototype.
      if (Object.getPrototypeOf(fields) !== Object.prototype) {
        merged[typeName] = fields;
        continue;
      }
      merged[typeName] = { ...merged[typeName], ...fields };
    }
  }
  return merged as Resolvers;
}

export function buildSchema(): GraphQLSchema {
  return createSchema<Context>({
    typeDefs: readTypeDefs(),
    resolvers: mergeResolvers(
      sharedResolvers,
      userResolvers,
      goodsResolvers,
      focusResolvers,
      cartResolvers,
      couponResolvers,
      orderResolvers,
      favoriteResolvers,
      controlledSalesResolvers,
      drawResolvers,
      registrationResolvers,
    ),
  });
}
