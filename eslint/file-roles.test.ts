import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import unbuilt from './unbuilt-plugin.js';

// File roles (eslint/file-roles.js): the names a server feature file may have, and what a pure role may import.

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const at = (relative: string) => path.resolve(import.meta.dirname, '..', relative);
const good = (file: string, code = 'export const a = 1;') => ({ filename: at(file), code });
const bad = (file: string, code = 'export const a = 1;') => ({ filename: at(file), code, errors: 1 });

tester.run('file-role', unbuilt.rules['file-role'], {
  valid: [
    good('src/server/features/searches/searches.routes.ts'),
    good('src/server/features/searches/run-search.service.ts'),
    good('src/server/features/searches/search.dto.ts'),
    good('src/server/features/chat/grounding.logic.ts'),
    good('src/server/features/exports/analysis-pdf.render.ts'),
    good('src/server/features/billing/stripe.provider.ts'),
    good('src/server/features/resources/library.seed-data.ts'),
    good('src/server/features/admin/password-expiry.jobs.ts'),
    // A test keeps the base name of what it tests, with or without its role.
    good('src/server/features/chat/grounding.test.ts'),
    good('src/server/features/ideas/idea-scores.logic.test.ts'),
    good('src/server/features/health/health-port.process.test.ts'),
    // Outside the server's features the folder says what a file holds (lib/http, lib/platform…).
    good('src/server/lib/platform/csv.ts'),
    good('src/client/features/chat/components/chat-panel.tsx'),
    // A file with a reason to have another shape, listed in eslint.config.js.
    {
      ...good('src/server/features/chat/words-loader.ts'),
      options: [{ allow: { 'src/server/features/chat/words-loader.ts': 'an example' } }],
    },
  ],
  invalid: [
    bad('src/server/features/chat/retrieve.ts'),
    bad('src/server/features/action-plans/plan-dto.ts'),
    bad('src/server/features/billing/billing-admin.ts'),
    // An unknown role, a role that is only a habit elsewhere, and the singular of jobs.
    bad('src/server/features/ideas/idea-scores.helpers.ts'),
    bad('src/server/features/searches/searches.repository.ts'),
    bad('src/server/features/admin/password-expiry.job.ts'),
    // kebab-case only, and one role.
    bad('src/server/features/ideas/ideaScores.logic.ts'),
    bad('src/server/features/ideas/idea.scores.logic.ts'),
    bad('src/server/features/ideas/idea-scores.test.logic.ts'),
    {
      ...bad('src/server/features/chat/words-loader.ts'),
      options: [{ allow: { 'src/server/features/chat/other.ts': 'another file' } }],
    },
  ],
});

tester.run('pure-file-roles', unbuilt.rules['pure-file-roles'], {
  valid: [
    good(
      'src/server/features/chat/grounding.logic.ts',
      "import type { Citation } from '#shared/chat/chat.schemas.ts';",
    ),
    good('src/server/features/chat/retrieve.logic.ts', "import { contentWords } from '../../engine/text/tokenize.ts';"),
    good('src/server/features/ideas/idea.logic.ts', "import type { IdeaRow } from '../../db/schema/index.ts';"),
    good(
      'src/server/features/chat/answerer.logic.ts',
      "import type { Passage } from './product-knowledge.service.ts';",
    ),
    good('src/server/features/exports/plan-pdf.render.ts', "import { drawCover } from './pdf-report.render.ts';"),
    good('src/server/features/exports/x.render.ts', "import PDFDocument from 'pdfkit';"),
    // The I/O roles may import anything.
    good('src/server/features/searches/search.dto.ts', "import { eq } from 'drizzle-orm';"),
    good('src/server/features/auth/auth-cookie.http.ts', "import type { FastifyRequest } from 'fastify';"),
  ],
  invalid: [
    bad('src/server/features/chat/grounding.logic.ts', "import { eq } from 'drizzle-orm';"),
    bad('src/server/features/chat/grounding.logic.ts', "import { sql } from 'drizzle-orm/sql';"),
    bad('src/server/features/exports/x.render.ts', "import type { FastifyReply } from 'fastify';"),
    bad('src/server/features/ideas/idea-scores.logic.ts', "import type { Database } from '../../db/client.ts';"),
    bad('src/server/features/ideas/idea-scores.logic.ts', "import { oneDto } from './idea.dto.ts';"),
    bad('src/server/features/action-plans/plan.constants.ts', "import { writePlan } from './plan-write.service.ts';"),
    bad('src/server/features/chat/x.types.ts', "export { resolveAnswerer } from './chat-answerer.provider.ts';"),
  ],
});
