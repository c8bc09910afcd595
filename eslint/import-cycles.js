import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { checkImports, resolveImport, ROOT } from './support.js';

const SOURCE = /\.(ts|tsx)$/;

// ---- import cycles: one module graph of src/, built once per lint run ----

let graph = null;

function sourceFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

/** Static imports and re-exports of a file (type-only ones too: they tie modules together as well). */
function staticImports(file) {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const targets = [];
  for (const statement of source.statements) {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : null;
    const target = specifier ? resolveImport(file, specifier) : null;
    if (target && fs.existsSync(target)) targets.push(target);
  }
  return targets;
}

/** Strongly connected components (Tarjan): each member of a component of 2+ files is on a cycle. */
function buildGraph() {
  const files = sourceFiles(path.join(ROOT, 'src'));
  const edges = new Map(files.map((file) => [file, staticImports(file)]));
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const componentOf = new Map();
  let counter = 0;
  const visit = (file) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file), index.get(next)));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      for (const m of component) componentOf.set(m, component);
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return { componentOf, edges };
}

export const noImportCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'No module imports itself through other modules (type-only imports included).' },
    schema: [],
  },
  create(context) {
    graph ??= buildGraph();
    const file = path.resolve(context.filename);
    const component = graph.componentOf.get(file);
    const isSelfLoop = (graph.edges.get(file) ?? []).includes(file);
    if (!component || (component.length < 2 && !isSelfLoop)) return {};
    const members = new Set(component);
    const names = component.map((m) => path.relative(ROOT, m)).sort();
    return checkImports(context, (node, specifier, target) => {
      if (members.has(target)) {
        context.report({
          node,
          message: `"${specifier}" closes an import cycle among ${names.join(', ')}. Move the shared types or code to a module both can import.`,
        });
      }
    });
  },
};
