#!/usr/bin/env bash
# The counts of issue 31 ("one way to do each thing"), reproducible on any checkout:
#   scripts/issue31-counts.sh [dir]      (dir: a work tree; default the current one)
# To compare with an older commit: git worktree add /tmp/old <commit> && scripts/issue31-counts.sh /tmp/old
# Each line is one figure; the test files, src/server/engine (its own work stream) and the one place
# allowed to do the thing are left out where the line says so.
set -euo pipefail
cd "${1:-.}"

prod() { grep -rlE "$1" "${@:2}" --include='*.ts' --include='*.tsx' 2>/dev/null | grep -vE '\.test\.tsx?$|/test/' || true; }
hits() { grep -rE "$1" "${@:2}" --include='*.ts' --include='*.tsx' 2>/dev/null | grep -vE '\.test\.tsx?:|/test/' || true; }
n() { grep -c . || true; }
row() { printf '%-72s %s\n' "$1" "$2"; }

echo '## plan checks and sign-in'
row 'server files checking plans outside lib/http/plan-guard (planIncludes, PLAN_REQUIRED)' \
  "$(prod "planIncludes\(|'PLAN_REQUIRED'" src/server | grep -v 'lib/http/plan-guard.ts' | n)"
row 'copies of the plan check (assertPlanIncludes, canPlan, assertCanPlan)' \
  "$(hits 'function (assertPlanIncludes|canPlan|assertCanPlan)\b' src/server | n)"
row 'route plugins requiring sign-in with a plugin-wide hook (addHook … requireUser)' \
  "$(prod "addHook\([^)]*requireUser" src/server | n)"
row 'routes requiring sign-in per route (preHandler with requireUser)' \
  "$(hits 'preHandler: \[?requireUser' src/server | n)"

echo '## file responses and CSV'
row 'server files setting an attachment outside lib/http/file-response.ts' \
  "$(prod "content-disposition', *\`?attachment|attachment; filename" src/server | grep -v 'lib/http/file-response.ts' | n)"
row 'download helpers defined (function sendFile) / where' \
  "$(hits 'function sendFile\(' src/server | n) / $(prod 'function sendFile\(' src/server | tr '\n' ' ')"
row 'route handlers answering with sendFile(reply, …)' "$(hits 'sendFile\(reply' src/server | grep -v 'function sendFile' | n)"
row 'files writing CSV themselves (text/csv or a BOM outside lib/platform/csv.ts)' \
  "$(prod 'text/csv|\\uFEFF' src | grep -v 'lib/platform/csv.ts' | n)"

echo '## client: forms and query keys'
row 'forms on the kit (useZodForm calls)' "$(hits 'useZodForm\(' src/client | grep -v 'components/form/' | n)"
row 'hand-rolled <form> outside the kit (search boxes, role="search", excepted)' \
  "$(grep -rzoE '<form[^>]*>' src/client --include='*.tsx' 2>/dev/null | tr '\0' '\n' | grep -E '^src/client/' | grep -v 'components/form/' | grep -v '\.test\.tsx' | grep -v 'role="search"' | grep -c 'onSubmit' || true)"
row 'query-key factories (<feature>Keys = {)' "$(hits 'Keys = \{' src/client | n)"
row 'inline query keys (queryKey: [ … ])' "$(hits 'queryKey: \[' src/client | grep -v '^\S*: *//' | n)"

echo '## features and lib/'
features=$(find src/server/features -mindepth 1 -maxdepth 1 -type d | wc -l)
row 'server features / with one <feature>.feature.ts' \
  "$features / $(find src/server/features -name '*.feature.ts' | wc -l)"
row 'files registering jobs outside a .feature.ts and features.ts' \
  "$(prod 'jobs\.register\(' src/server | grep -vE '\.feature\.ts$|src/server/features\.ts$|lib/jobs/' | n)"
row 'server feature files without a role (<thing>.<role>.ts)' \
  "$(find src/server/features -name '*.ts' | grep -vE '\.(feature|routes|http|service|dto|provider|jobs|logic|render|constants|types|seed|seed-data|test)\.ts$' | n)"
row '  of which on the file-role allow list in eslint.config.js (with a reason)' \
  "$(find src/server/features -name '*.ts' | grep -vE '\.(feature|routes|http|service|dto|provider|jobs|logic|render|constants|types|seed|seed-data|test)\.ts$' | while read -r f; do grep -qF "'$f'" eslint.config.js && echo "$f"; done | n)"
row 'server feature files (all, tests included)' "$(find src/server/features -name '*.ts' | n)"
row 'files directly in src/server/lib/ (not in a folder that says what it holds)' \
  "$(find src/server/lib -maxdepth 1 -type f | n)"

echo '## tests and size'
row 'e2e contexts closed by hand (context.close() outside the fixtures)' \
  "$(grep -rE '\bcontext\.close\(\)' e2e 2>/dev/null | grep -v 'e2e/support/' | n)"
row 'expect after an if with no else on the next line (if (…) expect)' \
  "$(find src e2e \( -name '*.test.ts' -o -name '*.test.tsx' \) -exec awk '
      FNR == 1 { prev = "" }
      prev ~ /^[ \t]*if \(.*\) expect/ && $0 !~ /^[ \t]*else/ { c++ } { prev = $0 }
      END { print c + 0 }' {} + | awk '{ s += $1 } END { print s + 0 }')"
row 'non-test files over 400 lines outside src/server/engine' \
  "$(find src e2e -name '*.ts*' -not -path 'src/server/engine/*' -not -name '*.test.ts*' -exec wc -l {} + | awk '$2 != "total" && $1 > 400' | n)"
row 'test files over 400 lines outside src/server/engine' \
  "$(find src e2e -name '*.test.ts*' -not -path 'src/server/engine/*' -exec wc -l {} + | awk '$2 != "total" && $1 > 400' | n)"
