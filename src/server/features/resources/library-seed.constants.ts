import type { DifficultyLevel, IdeaType, ResourcePhase, ResourceType } from '#shared/resources/resources.schemas.ts';

// What every shelf of the seeded library (library-*.seed-data.ts) writes its entries with.

export type SeedResource = {
  key: string;
  title: string;
  url: string;
  description: string;
  attribution: string;
  type: ResourceType;
  category: string;
  phases: ResourcePhase[];
  ideaTypes: IdeaType[];
  difficulty: DifficultyLevel;
  minutes: number;
  tags: string[];
  isPremium?: boolean;
};

export const ALL: IdeaType[] = ['software', 'physical_product', 'service', 'marketplace'];
export const SOFTWARE: IdeaType[] = ['software', 'marketplace'];
