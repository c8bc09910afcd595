import { houseRule } from './support.js';

// unbuilt/numbers-from-sql: a raw `sql<number>` whose value PostgreSQL returns as bigint or numeric is
// cast to a type the driver reads as a number, or mapped with .mapWith(Number). node-postgres answers
// count(*), sum(), avg() and nextval() as strings (bigint and numeric do not fit a JavaScript number);
// PGlite answers count(*) as a number. So `sql<number>\`count(*)\`` is a number in every test on PGlite
// and a string in production: `total + 1` is "01", and a response schema that wants a number fails.
// ADR 046: this is the check that lets the PostgreSQL pass of CI leave out suites that only repeat it.

/** Functions whose result PostgreSQL types as bigint or numeric for integer or numeric arguments. */
const WIDE_RESULT = /\b(count|sum|avg|nextval)\s*\(/i;
/** Casts node-postgres reads as a JavaScript number (int2/int4/float4/float8). */
const NUMBER_CAST = /::\s*(smallint|int2|int|int4|integer|real|float4|float8|double precision)\b/i;

/** Whether a type annotation says number and not string (`sql<number>`, `sql<number | null>`). */
function claimsNumber(typeNode) {
  const members = typeNode.type === 'TSUnionType' ? typeNode.types : [typeNode];
  return members.some((t) => t.type === 'TSNumberKeyword') && !members.some((t) => t.type === 'TSStringKeyword');
}

/** Whether `node` (a tagged template) is the object of `.mapWith(...)`. */
function isMapped(node) {
  const parent = node.parent;
  return (
    parent?.type === 'MemberExpression' &&
    parent.object === node &&
    parent.property.type === 'Identifier' &&
    parent.property.name === 'mapWith'
  );
}

export const numbersFromSql = houseRule(
  'A raw sql<number> aggregate (count, sum, avg, nextval) is cast to int/float8 in SQL or mapped with .mapWith(Number): node-postgres returns bigint and numeric as strings.',
  (context) => ({
    TaggedTemplateExpression(node) {
      if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
      const typeArgument = (node.typeArguments ?? node.typeParameters)?.params?.[0];
      if (!typeArgument || !claimsNumber(typeArgument)) return;
      const text = node.quasi.quasis.map((q) => q.value.cooked ?? '').join(' ');
      if (!WIDE_RESULT.test(text) || NUMBER_CAST.test(text) || isMapped(node)) return;
      context.report({
        node,
        message:
          'This sql<number> is a string on PostgreSQL (count, sum, avg and nextval answer bigint or numeric, which node-postgres returns as text) and a number on PGlite. Cast it in SQL (::int, ::float8), add .mapWith(Number), or type it sql<number | string> and convert it.',
      });
    },
  }),
);
