import type { SearchAnalysisMeta } from '#shared/searches/search.schemas.ts';

/** A one-line provenance summary shown under the title. */
export function provenanceLine(analysis: SearchAnalysisMeta): string {
  const writer =
    analysis.composerMode === 'llm'
      ? `written by ${analysis.composerModel ?? 'an AI model'} from the evidence`
      : 'written offline from the evidence';
  return `Corpus ${analysis.corpusVersion} (${analysis.corpusKind}) · rubric ${analysis.rubricVersion} · text ${writer}`;
}
