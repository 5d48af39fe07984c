import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // Builds beside dist (the server bundle, side-by-side builds of WEB_OUT_DIR).
      '**/dist-*/**',
      '.data/**',
      'web/src/gql/**',
      'gateway/src/generated/**',
      'tests/.artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Configuration is read in one zod-checked module per app; see docs/adr/0003-config.md.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through the app config module.' },
      ],
    },
  },
  {
    files: ['**/config.ts', 'scripts/**', 'tests/**', '**/*.config.ts', 'codegen.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  // TIME-05: a day in SQL is China's (CHINA_TODAY); the session's current_date is UTC's day from 16:00 to 24:00 UTC.
  {
    files: ['upstream/**/*.ts'],
    ignores: ['upstream/src/db/china-day.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/current_date/i], TemplateElement[value.raw=/current_date/i]',
          message: "Use CHINA_TODAY (upstream/src/db/china-day.ts): current_date is the session's day, not China's.",
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // The tiers and the web's layers (docs/adr/0307-web-shared-parts.md): imports flow shared -> features -> app; a
  // feature does not import another feature; the gateway reaches the upstream only over HTTP; the web imports
  // neither. Relative and package imports are both resolved, so `../../app/x` and `@pharma/upstream` are caught.
  {
    files: ['web/**/*.{ts,tsx}', 'gateway/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['web/**/*', 'gateway/**/*', 'upstream/**/*', 'domain/**/*'],
      'boundaries/ignore': ['web/src/gql/**'],
      'boundaries/elements': [
        { type: 'web-app', pattern: 'web/src/app' },
        { type: 'web-feature', pattern: 'web/src/features/*', capture: ['feature'] },
        { type: 'web-shared', pattern: ['web/src/components', 'web/src/theme', 'web/src/shared'] },
        { type: 'web-tooling', pattern: 'web/scripts' },
        { type: 'gateway', pattern: 'gateway' },
        { type: 'upstream', pattern: 'upstream' },
        { type: 'domain', pattern: 'domain' },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'web-shared' } },
              disallow: { to: { element: { types: { anyOf: ['web-feature', 'web-app'] } } } },
              message: 'Shared web code (components, theme, shared) may not import a feature or the app.',
            },
            {
              from: { element: { type: 'web-feature' } },
              disallow: { to: { element: { types: { anyOf: ['web-feature', 'web-app'] } } } },
              message:
                'A feature may import shared code and itself only: compose features in app/, share through shared/.',
            },
            {
              from: { element: { type: 'web-feature' } },
              allow: { to: { element: { type: 'web-feature', captured: { feature: '{{ from.captured.feature }}' } } } },
            },
            {
              from: { element: { types: { anyOf: ['web-app', 'web-feature', 'web-shared', 'web-tooling'] } } },
              disallow: { to: { element: { types: { anyOf: ['gateway', 'upstream'] } } } },
              message: 'The web talks to the gateway over GraphQL only.',
            },
            {
              from: { element: { type: 'gateway' } },
              disallow: { to: { element: { type: 'upstream' } } },
              message: 'The gateway reaches the upstream over HTTP only.',
            },
          ],
        },
      ],
      // A package import of the upstream is not a relative path the boundaries resolve, so it is refused by name.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@pharma/upstream', '@pharma/upstream/*'],
              message: 'Neither the gateway nor the web imports the upstream.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/shared/navigate.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Navigate'],
              message: "Use shared/navigate's Navigate: on the server it becomes the answer's redirect (ADR 0310).",
            },
          ],
          patterns: [
            {
              group: ['@pharma/upstream', '@pharma/upstream/*'],
              message: 'Neither the gateway nor the web imports the upstream.',
            },
          ],
        },
      ],
    },
  },
  // SEC-25: a form sent before the page's script runs must not put what was typed into the address (history, logs and
  // the Referer keep it): every form posts but those with a role, a search or a list's filters (ListFilters), whose
  // words the address holds anyway.
  {
    files: ['web/src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "JSXOpeningElement[name.name='form']:not(:has(JSXAttribute[name.name='method'][value.value='post'])):not(:has(JSXAttribute[name.name='role']))",
          message:
            'SEC-25: give the form method="post" (a search or a list\'s filters carries a role instead), so what was typed never reaches the address.',
        },
        // ADR 0315: two Griffel classes setting one property on an element override each other only by the
        // stylesheet's order, which mergeClasses settles (the later argument wins) and a string of classes does not.
        {
          selector:
            "JSXAttribute[name.name='className'] :matches(JSXExpressionContainer, ConditionalExpression, LogicalExpression) > TemplateLiteral",
          message:
            'Combine classes with mergeClasses: in a string, which of two classes wins depends on the stylesheet.',
        },
      ],
    },
  },
);
