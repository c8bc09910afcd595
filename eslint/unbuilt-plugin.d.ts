import type { ESLint, Rule } from 'eslint';

declare const plugin: ESLint.Plugin & {
  rules: Record<
    'feature-boundaries' | 'no-test-code-in-production' | 'no-import-cycles' | 'no-record-lookup-by-string',
    Rule.RuleModule
  >;
};
export default plugin;
