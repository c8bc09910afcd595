import type { IdeaCategory, IdeaStatus } from './ideas.schemas.ts';

// Words the screens use for ideas' enumerations (one place, so list, form and compare agree).

export const IDEA_CATEGORY_LABELS: Record<IdeaCategory, string> = {
  tech: 'Technology',
  healthcare: 'Healthcare',
  fintech: 'Fintech',
  ecommerce: 'E-commerce',
  saas: 'SaaS',
  marketplace: 'Marketplace',
  education: 'Education',
  sustainability: 'Sustainability',
  other: 'Other',
};

export const IDEA_STATUS_LABELS: Record<IdeaStatus, string> = {
  draft: 'Draft',
  validated: 'Validated',
  archived: 'Archived',
};
