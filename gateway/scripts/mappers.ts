import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * The gateway's mappers for codegen.ts, found by convention (graphql-codegen's server preset's): each
 * `export type <GraphQLType>Mapper` (or interface) of gateway/src/domains/<domain>/mappers.ts maps that GraphQL type, so adding a
 * domain touches no table (ADR 0206). Paths are relative to the repository root, where codegen runs.
 */
export function gatewayMappers(domains = 'gateway/src/domains'): Record<string, string> {
  const mappers: Record<string, string> = {};
  for (const domain of readdirSync(domains).sort()) {
    const file = `${domains}/${domain}/mappers.ts`;
    if (!existsSync(file)) continue;
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/^export (?:type|interface) (\w+)Mapper\b/gm)) {
      if (name) mappers[name] = `../domains/${domain}/mappers.js#${name}Mapper`;
    }
  }
  return mappers;
}
