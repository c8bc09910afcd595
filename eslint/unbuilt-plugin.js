import path from 'node:path';
import ts from 'typescript';
import { fileRole, pureFileRoles } from './file-roles.js';
import { noImportCycles } from './import-cycles.js';
import { numbersFromSql } from './sql-numbers.js';
import { checkImports, houseRule, ROOT } from './support.js';

// House rules ESLint cannot express with its own options (docs/decisions/009-house-rules-in-lint.md):
//   unbuilt/feature-boundaries       a feature never imports another feature (pages and app.ts compose them)
//   unbuilt/no-test-code-in-production  production code never imports tests, test helpers or fixtures
//   unbuilt/no-import-cycles         no module imports itself through others (type-only imports included)
//   unbuilt/no-record-lookup-by-string  a string-keyed record is never indexed by an arbitrary string (Map / Object.hasOwn)
//   unbuilt/one-plan-check           server code asks lib/http/plan-guard.ts about plans (assertPlan, hasPlan,
//                                    requirePlan, planRequired): no planIncludes and no PLAN_REQUIRED of its own
//   unbuilt/csv-through-lib          CSV is written only by src/server/lib/platform/csv.ts (no text/csv or BOM elsewhere)
//   unbuilt/query-keys-from-factory  a client query key comes from its feature's `<feature>Keys` factory (or
//                                    lib/query-keys.ts for roots another feature refreshes), never an inline array
//   unbuilt/no-conditional-expect    a test asserts unconditionally: no expect under an if without else, or after && || ??
//   unbuilt/file-role                a server feature file is named <thing>.<role>.ts with a known role (file-roles.js)
//   unbuilt/pure-file-roles          a .logic/.render/.constants/.types file imports no request, database or service
//   unbuilt/numbers-from-sql         a raw sql<number> count/sum/avg/nextval is cast (::int, ::float8) or .mapWith(Number):
//                                    node-postgres returns bigint and numeric as strings (sql-numbers.js, ADR 046)
// Imports are resolved as support.js says; the import graph lives in import-cycles.js.

/** "server:searches" for a file under src/server/features/searches/, else null. */
function featureOf(file) {
  const match = /[/\\]src[/\\](server|client)[/\\]features[/\\]([^/\\]+)[/\\]/.exec(file);
  return match ? `${match[1]}:${match[2]}` : null;
}

const TEST_CODE =
  /(\.test\.[cm]?tsx?$)|([/\\]test[/\\])|(\.fixtures?\.[cm]?tsx?$)|(test-helpers?\.[cm]?tsx?$)|([/\\]e2e[/\\])/;
const NOT_PRODUCTION = /(\.test\.[cm]?tsx?$)|([/\\]test[/\\])|([/\\]e2e[/\\])|([/\\]bench[/\\])|([/\\]scripts[/\\])/;

const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature never imports another feature; pages and app.ts compose them.' },
    schema: [],
  },
  create(context) {
    const own = featureOf(context.filename);
    if (!own) return {};
    return checkImports(context, (node, specifier, target) => {
      const other = featureOf(target);
      if (other && other !== own) {
        context.report({
          node,
          message: `The ${own} feature imports the ${other} feature ("${specifier}"). Compose features in a page or app.ts, or move the shared part to lib/ or src/shared/.`,
        });
      }
    });
  },
};

const noTestCodeInProduction = {
  meta: {
    type: 'problem',
    docs: { description: 'Production code never imports tests, test helpers or fixtures.' },
    schema: [],
  },
  create(context) {
    if (NOT_PRODUCTION.test(context.filename)) return {};
    return checkImports(context, (node, specifier, target) => {
      if (TEST_CODE.test(target)) {
        context.report({ node, message: `Production code imports test code ("${specifier}").` });
      }
    });
  },
};

const PLAN_GUARD = path.join(ROOT, 'src/server/lib/http/plan-guard.ts');
const PLAN_FEATURES = path.join(ROOT, 'src/shared/plans/plan-features.ts');
const SERVER = path.join(ROOT, 'src/server') + path.sep;

const onePlanCheck = houseRule('Server code checks plans only through lib/http/plan-guard.ts.', (context) => {
  const file = path.resolve(context.filename);
  if (!file.startsWith(SERVER) || file === PLAN_GUARD || NOT_PRODUCTION.test(file)) return {};
  return {
    ...checkImports(context, (node, specifier, target) => {
      if (target !== PLAN_FEATURES || node.type !== 'ImportDeclaration') return;
      for (const spec of node.specifiers) {
        if (spec.type === 'ImportSpecifier' && spec.imported.name === 'planIncludes') {
          context.report({
            node: spec,
            message:
              'Check plans with assertPlan/hasPlan/requirePlan from lib/http/plan-guard.ts (the one entitlement check), not planIncludes.',
          });
        }
      }
    }),
    Literal(node) {
      if (node.value === 'PLAN_REQUIRED') {
        context.report({
          node,
          message:
            'Refuse with assertPlan or planRequired from lib/http/plan-guard.ts, not a PLAN_REQUIRED error of your own.',
        });
      }
    },
  };
});

const CSV_LIB = path.join(ROOT, 'src/server/lib/platform/csv.ts');

const csvThroughLib = houseRule('CSV is written only by src/server/lib/platform/csv.ts.', (context) => {
  const file = path.resolve(context.filename);
  if (file === CSV_LIB || NOT_PRODUCTION.test(file)) return {};
  const check = (node, text) => {
    if (/^text\/csv/i.test(text) || text.includes('\uFEFF')) {
      context.report({
        node,
        message:
          'Write CSV with toCsv/csvFile from src/server/lib/platform/csv.ts (BOM, RFC 4180, formula cells neutralised) and send it with sendFile.',
      });
    }
  };
  return {
    Literal(node) {
      if (typeof node.value === 'string') check(node, node.value);
    },
    TemplateElement(node) {
      check(node, node.value.cooked ?? '');
    },
  };
});

/** The expression under `as const` / `satisfies` / `!`. */
function unwrapTs(node) {
  let inner = node;
  while (
    inner.type === 'TSAsExpression' ||
    inner.type === 'TSSatisfiesExpression' ||
    inner.type === 'TSNonNullExpression'
  )
    inner = inner.expression;
  return inner;
}

const KEY_PROPERTIES = new Set(['queryKey', 'mutationKey']);
const KEY_METHODS = new Set(['getQueryData', 'setQueryData', 'setQueriesData', 'getQueryState', 'ensureQueryData']);
const QUERY_KEY_MESSAGE =
  "Take the key from the feature's `<feature>Keys` factory (`searchesKeys.detail(id)`), or from lib/query-keys.ts for a root another feature refreshes, so invalidations and queries name the same key.";

const queryKeysFromFactory = houseRule(
  "A client query key comes from its feature's key factory, never an inline array.",
  (context) => ({
    Property(node) {
      const name = node.key.type === 'Identifier' ? node.key.name : node.key.value;
      if (!node.computed && KEY_PROPERTIES.has(name) && unwrapTs(node.value).type === 'ArrayExpression') {
        context.report({ node: node.value, message: QUERY_KEY_MESSAGE });
      }
    },
    CallExpression(node) {
      const callee = node.callee;
      const first = node.arguments[0];
      if (
        callee.type === 'MemberExpression' &&
        callee.property.type === 'Identifier' &&
        KEY_METHODS.has(callee.property.name) &&
        first &&
        unwrapTs(first).type === 'ArrayExpression'
      ) {
        context.report({ node: first, message: QUERY_KEY_MESSAGE });
      }
    },
  }),
);

const FORM_KIT = path.join(ROOT, 'src/client/components/form') + path.sep;

/** The literal value of a JSX attribute (`role="search"`), if it is one. */
function jsxAttributeText(opening, name) {
  const attribute = opening.attributes.find((a) => a.type === 'JSXAttribute' && a.name.name === name);
  const value = attribute?.value;
  if (!value) return undefined;
  if (value.type === 'Literal') return String(value.value);
  if (value.type === 'JSXExpressionContainer' && value.expression.type === 'Literal') {
    return String(value.expression.value);
  }
  return undefined;
}

const formsOnTheKit = houseRule(
  'A client form is the kit\'s <Form> (a shared zod schema, field errors as alerts); a search box (role="search") may stay a plain <form>.',
  (context) => {
    if (path.resolve(context.filename).startsWith(FORM_KIT)) return {};
    return {
      JSXOpeningElement(node) {
        if (node.name.type !== 'JSXIdentifier' || node.name.name !== 'form') return;
        const hasSubmit = node.attributes.some((a) => a.type === 'JSXAttribute' && a.name.name === 'onSubmit');
        if (!hasSubmit || jsxAttributeText(node, 'role') === 'search') return;
        context.report({
          node,
          message:
            "Build this form with the kit (components/form: useZodForm with the shared schema, <Form>, <Field>), so it validates like the server and shows each field's error as an alert.",
        });
      },
    };
  },
);

const TEST_BLOCKS = new Set(['it', 'test', 'describe', 'beforeAll', 'beforeEach', 'afterAll', 'afterEach']);

/** Whether a function is the body of a test or a hook (it, test.each(...), describe.skip(...), beforeAll…). */
function isTestBody(fn) {
  const call = fn.parent;
  if (call?.type !== 'CallExpression' || !call.arguments.includes(fn)) return false;
  let callee = call.callee;
  while (callee.type === 'CallExpression' || callee.type === 'MemberExpression') {
    callee = callee.type === 'CallExpression' ? callee.callee : callee.object;
  }
  return callee.type === 'Identifier' && TEST_BLOCKS.has(callee.name);
}

const FUNCTION = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

const noConditionalExpect = houseRule(
  'A test asserts unconditionally: no expect under an if without else, or after && / || / ??.',
  (context) => ({
    CallExpression(node) {
      const callee = node.callee;
      const isExpect =
        (callee.type === 'Identifier' && callee.name === 'expect') ||
        (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'expect');
      if (!isExpect) return;
      let child = node;
      for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
        if (FUNCTION.has(parent.type) && isTestBody(parent)) return;
        // An if without an else, or the right side of && / || / ??: a branch that may not run at all
        // (an if/else or ?: whose every branch asserts cannot pass silently).
        const guarded =
          (parent.type === 'IfStatement' && child !== parent.test && !parent.alternate) ||
          (parent.type === 'LogicalExpression' && child === parent.right);
        if (guarded) {
          context.report({
            node,
            message:
              'This expect runs only on one branch, so the test can pass without asserting. Assert the condition itself (expect(x).toBeDefined()), then assert unconditionally.',
          });
          return;
        }
      }
    },
  }),
);

/** Whether `node` sits inside an argument of a call to `name` (`onCleanup(() => context.close())`). */
function isInsideCallTo(node, name) {
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (
      parent.type === 'CallExpression' &&
      parent.callee.type === 'Identifier' &&
      parent.callee.name === name &&
      parent.arguments.includes(child)
    )
      return true;
  }
  return false;
}

const BROWSER_HANDLE = /(^|\.)(context|browser)$|(Context|Browser)$/;
const FIXTURES_MESSAGE =
  'Take pages from the openPage / signedInPage fixtures (e2e/support/fixtures.ts: test(…, async ({ signedInPage }) => …)); they close every context when the test ends, passed or failed, so a test needs no try/finally.';

const browserContextsFromFixtures = houseRule(
  'A browser test opens pages through the fixtures, which close them; never a context opened or closed by hand.',
  (context) => ({
    CallExpression(node) {
      const callee = node.callee;
      if (callee.type === 'Identifier' && callee.name === 'launchBrowser') {
        context.report({ node, message: FIXTURES_MESSAGE });
        return;
      }
      if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
      const method = callee.property.name;
      const handle = context.sourceCode.getText(callee.object);
      const opensOrCloses = method === 'newContext' || (method === 'close' && BROWSER_HANDLE.test(handle));
      // A fixture of the file's own (a page several tests share) closes what it opened in onCleanup.
      if (opensOrCloses && !isInsideCallTo(node, 'onCleanup')) context.report({ node, message: FIXTURES_MESSAGE });
    },
  }),
);

// ---- no lookups of arbitrary strings on plain records (a user's "constructor" reads Object.prototype) ----

/** True when the type is `string` itself or a union with `string` (not only literal strings). */
function isWideString(type) {
  if (type.isUnion()) return type.types.some(isWideString);
  return (type.flags & ts.TypeFlags.String) !== 0 || (type.flags & ts.TypeFlags.TemplateLiteral) !== 0;
}

const noRecordLookupByString = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'A record with a string index signature is not indexed by an arbitrary string: inherited names ("constructor", "__proto__") would be found. Use a Map or Object.hasOwn.',
    },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program || !services.esTreeNodeToTSNodeMap) return {};
    const checker = services.program.getTypeChecker();
    const typeOf = (node) => checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(node));
    return {
      MemberExpression(node) {
        if (!node.computed || node.property.type === 'Literal') return;
        // A plain write (`record[key] = value`) finds nothing inherited; reads and `??=`, `+=` do.
        if (node.parent?.type === 'AssignmentExpression' && node.parent.operator === '=' && node.parent.left === node)
          return;
        if (!isWideString(typeOf(node.property))) return;
        const objectType = checker.getApparentType(typeOf(node.object));
        const types = objectType.isUnion() ? objectType.types : [objectType];
        const isRecord = types.some(
          (t) => !checker.isArrayLikeType(t) && checker.getIndexInfoOfType(t, ts.IndexKind.String) !== undefined,
        );
        if (!isRecord) return;
        // `record[key]` guarded right here by `Object.hasOwn(record, key) ? record[key] : …` is fine.
        const parent = node.parent;
        if (
          parent?.type === 'ConditionalExpression' &&
          parent.test.type === 'CallExpression' &&
          context.sourceCode.getText(parent.test.callee) === 'Object.hasOwn'
        )
          return;
        context.report({
          node,
          message: `A record indexed by an arbitrary string ("${context.sourceCode.getText(node)}") finds inherited names such as "constructor". Use a Map, Object.hasOwn, or a key typed as a union of literals.`,
        });
      },
    };
  },
};

export default {
  meta: { name: 'unbuilt' },
  rules: {
    'feature-boundaries': featureBoundaries,
    'no-test-code-in-production': noTestCodeInProduction,
    'no-import-cycles': noImportCycles,
    'no-record-lookup-by-string': noRecordLookupByString,
    'one-plan-check': onePlanCheck,
    'csv-through-lib': csvThroughLib,
    'no-conditional-expect': noConditionalExpect,
    'query-keys-from-factory': queryKeysFromFactory,
    'forms-on-the-kit': formsOnTheKit,
    'browser-contexts-from-fixtures': browserContextsFromFixtures,
    'file-role': fileRole,
    'pure-file-roles': pureFileRoles,
    'numbers-from-sql': numbersFromSql,
  },
};
