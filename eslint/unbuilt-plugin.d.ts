import type { ESLint, Rule } from 'eslint';

type RuleName =
  | 'feature-boundaries'
  | 'no-test-code-in-production'
  | 'no-import-cycles'
  | 'one-plan-check'
  | 'csv-through-lib'
  | 'no-conditional-expect'
  | 'query-keys-from-factory'
  | 'forms-on-the-kit'
  | 'browser-contexts-from-fixtures'
  | 'no-record-lookup-by-string'
  | 'file-role'
  | 'pure-file-roles'
  | 'numbers-from-sql';

declare const plugin: ESLint.Plugin & { rules: Record<RuleName, Rule.RuleModule> };
export default plugin;
