import { z } from 'zod';

// The pitch deck (Pro, docs/decisions/023): which template, and what the deck is built from.

export const DECK_TEMPLATES = ['classic', 'bold', 'minimal'] as const;
export type DeckTemplateId = (typeof DECK_TEMPLATES)[number];
export const DECK_TEMPLATE_LABELS: Record<DeckTemplateId, string> = {
  classic: 'Classic (white, accent bar)',
  bold: 'Bold (dark)',
  minimal: 'Minimal (serif, quiet)',
};

export const deckQuerySchema = z.strictObject({
  template: z.enum(DECK_TEMPLATES, { message: 'Choose the classic, bold or minimal template' }).default('classic'),
});

export const NO_OPPORTUNITIES_FOR_DECK =
  'This analysis found no opportunities, so there is nothing to build a pitch deck from.';
