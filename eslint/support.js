import path from 'node:path';

// What the house rules share: the project root, imports resolved the way the project writes them (relative
// paths with their extension, and the package's "#shared/*", "#server/*", "#client/*" subpath imports;
// packages are not followed), and the shape of a rule.

export const ROOT = path.resolve(import.meta.dirname, '..');
const ALIASES = { '#shared/': 'src/shared/', '#server/': 'src/server/', '#client/': 'src/client/' };

/** The file an import names, or null for a package. */
export function resolveImport(fromFile, specifier) {
  for (const [alias, dir] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) return path.join(ROOT, dir, specifier.slice(alias.length));
  }
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
  return null;
}

function importSource(node) {
  return node.source && typeof node.source.value === 'string' ? node.source.value : null;
}

export function checkImports(context, check) {
  const report = (node) => {
    const specifier = importSource(node);
    if (!specifier) return;
    const target = resolveImport(context.filename, specifier);
    if (target) check(node, specifier, target);
  };
  return { ImportDeclaration: report, ExportNamedDeclaration: report, ExportAllDeclaration: report };
}

/** A house rule: a description and its create(context). */
export const houseRule = (description, create) => ({
  meta: { type: 'problem', docs: { description }, schema: [] },
  create,
});
