import { SUGGESTED_QUESTION_MAX, type QuestionCategory } from '#shared/chat/chat.constants.ts';
import type { AnalysisContext } from './analysis-context.types.ts';

// Suggested questions, generated from what the analysis holds (so each has an answer in it):
// a failure → "Why did X shut down?", competitors → "Who already serves …?", and so on, by
// category and priority (highest first in the widget).

export type Suggestion = { questionText: string; category: QuestionCategory; priority: number };

const MAX_SUGGESTIONS = 6;
const short = (text: string, max = 120): string => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

export function suggestQuestions(context: AnalysisContext, hasVariants: boolean): Suggestion[] {
  const top = context.results[0];
  if (!top) return [];
  const out: Suggestion[] = [];
  if (hasVariants)
    out.push({ questionText: 'What changed since the other analysis?', category: 'market_validation', priority: 95 });
  const dead = context.results.flatMap((r) => r.competitors).find((c) => /inactive/i.test(c.status ?? ''));
  if (dead)
    out.push({ questionText: `Why did ${short(dead.name, 80)} shut down?`, category: 'risk_assessment', priority: 90 });
  if (context.results.some((r) => r.competitors.length > 0)) {
    out.push({
      questionText: `Who already serves ${short(top.cell.segment || context.query, 100)}?`,
      category: 'competitive_analysis',
      priority: 85,
    });
  }
  out.push({
    questionText: `How was the opportunity score of “${short(top.title)}” computed?`,
    category: 'market_validation',
    priority: 80,
  });
  if (top.evidence.some((e) => e.id.startsWith('bls:'))) {
    out.push({
      questionText: 'How many people do this work, and is their employment growing?',
      category: 'market_validation',
      priority: 75,
    });
  }
  if (top.riskFlags.length > 0) {
    out.push({
      questionText: `What are the risks for “${short(top.title)}”?`,
      category: 'risk_assessment',
      priority: 70,
    });
  }
  if (top.evidence.some((e) => e.id.includes(':task:'))) {
    out.push({ questionText: 'Which tasks should I build for first?', category: 'execution_strategy', priority: 60 });
  }
  return out
    .map((s) => ({ ...s, questionText: s.questionText.slice(0, SUGGESTED_QUESTION_MAX) }))
    .sort((a, b) => b.priority - a.priority)
    .slice(0, MAX_SUGGESTIONS);
}
