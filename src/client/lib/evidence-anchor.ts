// The element id of one evidence row on an opportunity's page, so a citation elsewhere (the
// assistant) can link straight to it: /search-result/:id#evidence-<id>.

export function evidenceAnchorId(evidenceId: string): string {
  return `evidence-${evidenceId.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

export const SCORE_BREAKDOWNS_ANCHOR = 'score-breakdowns';
