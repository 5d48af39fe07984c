// No import circles across the tiers, their tests and scripts (ADR 0220); `npm run lint` runs it. `import type`
// counts: a circle closed by a type still ties its modules together, and both circles issue 26 found closed that way
// (eslint-plugin-import-x's no-cycle skips type-only imports, so it passed them).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: move what both sides need (a type, a constant) to a module of its own (ADR 0220).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Generated code and builds.
    exclude: { path: '(^|/)(node_modules|dist|dist-[^/]+|generated|gql|\\.data|\\.artifacts)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
