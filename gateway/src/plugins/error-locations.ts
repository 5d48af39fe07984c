import type { Plugin } from 'graphql-yoga';
import type { Source, SourceLocation } from 'graphql';

/** Offset in `body` of a 1-based line and column. */
function positionOf(body: string, line: number, column: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const next = body.indexOf('\n', offset);
    if (next === -1) break;
    offset = next + 1;
  }
  return offset + column - 1;
}

/**
 * graphql-jit's errors carry `locations` but neither AST `nodes` nor source positions, and Yoga rebuilds every error
 * from those before sending it, which would drop the locations clients and the contract rely on. This gives each
 * such error the operation's source and the positions of its locations. The error object itself is kept: Yoga's
 * masking decides by its identity and its original error.
 */
export function useErrorLocations(): Plugin {
  return {
    onExecute({ args }) {
      const source: Source | undefined = args.document.loc?.source;
      if (!source) return;
      return {
        onExecuteDone({ result }) {
          if (Symbol.asyncIterator in result) return;
          for (const error of result.errors ?? []) {
            const locations: readonly SourceLocation[] = error.locations ?? [];
            if (error.nodes || error.source || locations.length === 0) continue;
            Object.defineProperties(error, {
              source: { value: source },
              positions: { value: locations.map(({ line, column }) => positionOf(source.body, line, column)) },
            });
          }
        },
      };
    },
  };
}
