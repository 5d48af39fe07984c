import { scopeClassName } from '@pharma/domain/business-scope';
import type { Resolvers } from '../../generated/resolvers';

/** SCOPE-02: whether a goods of this class lies outside the buyer's classes; null for a visitor. */
function outside(classes: ReadonlySet<string> | null, scopeClass: string): boolean | null {
  return classes === null ? null : !classes.has(scopeClass);
}

export const businessScopeResolvers: Resolvers = {
  Goods: {
    scopeClass: (goods) => goods.scopeClass,
    scopeClassName: (goods) => scopeClassName(goods.scopeClass),
    outOfScope: (goods, _args, { loaders }) => {
      const classes = loaders.scopeClasses.read();
      return classes instanceof Promise
        ? classes.then((read) => outside(read, goods.scopeClass))
        : outside(classes, goods.scopeClass);
    },
  },
};
