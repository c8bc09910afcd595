import type { SearchAnalysisMeta } from '#shared/searches/search.schemas.ts';

// "How this was computed": the technical facts of an analysis, each written as a sentence for a reader. The
// identifiers (corpus and rubric versions) stay, so two analyses can be compared, but behind a toggle.

/** A note from the engine meant for whoever runs the server (it names a setting such as DATASETS_DIR). */
export function isOperatorNote(note: string): boolean {
  return /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/.test(note);
}

/** The lines of the "How this was computed" section. */
export function computationDetails(analysis: SearchAnalysisMeta): string[] {
  const data =
    analysis.corpusKind === 'seed'
      ? 'Data: the small sample built into Unbuilt (a few dozen hand-labelled entries), not the full public datasets.'
      : `Data: the public datasets (${analysis.corpusSources.join(', ') || 'YC, O*NET, BLS'}).`;
  const writer =
    analysis.composerMode === 'llm'
      ? `Text: written by ${analysis.composerModel ?? 'an AI model'} from the evidence; every number comes from the data, not the model.`
      : 'Text: written from the evidence by Unbuilt itself, without an AI model.';
  const retrieval = analysis.semanticRetrieval
    ? 'Matching: by meaning and by words.'
    : 'Matching: by words (matching by meaning was off).';
  return [
    data,
    retrieval,
    writer,
    `Versions, to compare analyses: data ${analysis.corpusVersion}, scoring rules ${analysis.rubricVersion}.`,
    ...(analysis.retrievalNote ? [analysis.retrievalNote] : []),
    ...analysis.warnings.filter(isOperatorNote).map((note) => `Note for whoever runs this server: ${note}`),
  ];
}
