import path from 'node:path';
import { checkImports, ROOT } from './support.js';

// A server feature's files are named `<thing>.<role>.ts` (docs/decisions/042-file-roles.md): the role says
// what the file may touch, so a newcomer knows where the next function goes and a reader knows what a
// file can do before opening it. The vocabulary, each role with what it holds:
const ROLES = new Map([
  ['feature', "the feature's one entry point: registers its route plugins (with prefixes) and its jobs"],
  ['routes', 'Fastify route plugins: validate with the shared schema, call a service, answer the envelope'],
  ['http', 'request and reply helpers the routes share: cookies, streamed answers, who is asking'],
  ['service', 'what routes and jobs call: access checks, database reads and writes, the rules that need them'],
  ['dto', "rows become the API's shapes (loading the rows a shape needs)"],
  [
    'provider',
    'something outside the feature behind a type (payments, the gap engine, a model), chosen by configuration',
  ],
  ['jobs', 'durable jobs (defineJob), registered by the feature file'],
  ['logic', 'pure rules and computations: no database, no request, no network; the same input gives the same output'],
  ['render', 'data made into a file or a message (PDF, PPTX, CSV, Markdown, e-mail text), without database or request'],
  ['constants', 'named tables and numbers'],
  ['types', 'types only'],
  ['seed', 'code that writes seed rows'],
  ['seed-data', 'the rows a seed writes'],
]);

/** Roles whose files compute without I/O: they import nothing of fastify, drizzle or the database client (not
 * even a type: a function taking a request or a Database is not pure), and no value of an I/O role. */
const PURE_ROLES = new Set(['logic', 'render', 'constants', 'types']);
const IMPURE_ROLES = new Set(['feature', 'routes', 'http', 'service', 'dto', 'provider', 'jobs', 'seed']);
const FEATURES = path.join(ROOT, 'src/server/features') + path.sep;
const DB_CLIENT = path.join(ROOT, 'src/server/db/client.ts');
const KEBAB = '[a-z0-9]+(?:-[a-z0-9]+)*';
const NAMED = new RegExp(`^${KEBAB}\\.(${[...ROLES.keys()].join('|')})\\.tsx?$`);
// A test keeps the base name of what it tests (`grounding.test.ts` beside `grounding.logic.ts`), and may say
// what kind of test it is (`health-port.process.test.ts`, `multi-instance.pg.test.ts`).
const TEST = new RegExp(`^${KEBAB}(?:\\.${KEBAB})*\\.test\\.tsx?$`);

/** The role in a feature file's name (`plan.dto.ts` → "dto"), "test" for a test, or null. */
function roleOf(file) {
  const name = path.basename(file);
  if (TEST.test(name)) return 'test';
  return NAMED.exec(name)?.[1] ?? null;
}

const featureFile = (context) => {
  const file = path.resolve(context.filename);
  return file.startsWith(FEATURES) ? file : null;
};

export const fileRole = {
  meta: {
    type: 'problem',
    docs: { description: 'A server feature file is named <thing>.<role>.ts with a role from eslint/file-roles.js.' },
    // { allow: { "src/server/features/x/y.ts": "why it has another shape" } }, in eslint.config.js.
    schema: [{ type: 'object', properties: { allow: { type: 'object' } }, additionalProperties: false }],
  },
  create(context) {
    const file = featureFile(context);
    const allowed = new Map(Object.entries(context.options[0]?.allow ?? {}));
    if (!file || roleOf(file) || allowed.has(path.relative(ROOT, file).split(path.sep).join('/'))) return {};
    return {
      Program(node) {
        context.report({
          node,
          loc: { line: 1, column: 0 },
          message: `"${path.basename(file)}" has no role. Name it <thing>.<role>.ts with one of: ${[...ROLES.keys()].join(', ')} (docs/decisions/042-file-roles.md says which holds what), or list it with the reason in the file-role allow list in eslint.config.js.`,
        });
      },
    };
  },
};

/** Whether an import brings in values (not `import type`, nor only `type` specifiers). */
function importsValues(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return false;
  const specifiers = node.specifiers ?? [];
  return specifiers.length === 0 || specifiers.some((s) => s.importKind !== 'type' && s.exportKind !== 'type');
}

const IO_PACKAGES = /^(fastify|drizzle-orm)(\/|$)/;

export const pureFileRoles = {
  meta: {
    type: 'problem',
    docs: { description: 'A .logic/.render/.constants/.types feature file imports no request, database or service.' },
    schema: [],
  },
  create(context) {
    const file = featureFile(context);
    const role = file && roleOf(file);
    if (!role || !PURE_ROLES.has(role)) return {};
    const report = (node, what) =>
      context.report({
        node,
        message: `A .${role}.ts file computes without I/O, so it does not import ${what}. Take the rows or the value as an argument (the service reads them), or name the file for what it does (.service.ts).`,
      });
    const imports = checkImports(context, (node, specifier, target) => {
      if (target === DB_CLIENT) report(node, 'the database client');
      if (!importsValues(node)) return;
      const targetRole = target.startsWith(FEATURES) ? roleOf(target) : null;
      if (targetRole && IMPURE_ROLES.has(targetRole)) report(node, `a .${targetRole}.ts file ("${specifier}")`);
    });
    return {
      ...imports,
      ImportDeclaration(node) {
        imports.ImportDeclaration(node);
        const source = node.source.value;
        if (typeof source === 'string' && IO_PACKAGES.test(source)) report(node, `"${source}"`);
      },
    };
  },
};
