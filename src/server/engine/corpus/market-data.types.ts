// The market tables' shapes (loaded by load-market-data.ts; part of the corpus).

export type StaffingCell = { soc: string; title: string; employment: number };

export type Staffing = {
  /** BLS industry code (NAICS with trailing zeros, e.g. 621200) → its line-item occupations. Industries nest: 722500 holds 722511. */
  byIndustry: Map<string, StaffingCell[]>;
  industryTitle: Map<string, string>;
  industryTotal: Map<string, number>;
  /** Employment of each occupation in the whole economy, and the total. */
  national: Map<string, number>;
  nationalTotal: number;
  /** The matrix's own title of each line-item occupation (SOC 2010 codes). */
  occupationTitle: Map<string, string>;
  /** SOC 2018 codes the matrix lacks → its SOC 2010 code for the same work (soc-aliases.ts); empty until the corpus sets it. */
  aliases: Map<string, string>;
};

export type IndustryCount = { establishments: number; employment: number };

/** An O*NET detailed work activity (DWA): the same work as it appears in many occupations' tasks. */
export type Activity = { id: string; title: string; /** O*NET-SOC codes whose tasks perform it. */ socs: string[] };

export type Activities = {
  /** Task id → the activities it is an instance of. */
  byTask: Map<string, string[]>;
  byId: Map<string, Activity>;
};

/** A line of the Census NAICS index: an everyday description of a kind of business and its six-digit code. */
export type IndustryItem = { code: string; text: string };

export type MarketData = {
  staffing: Staffing;
  /** Six-digit NAICS → establishments and employees (CBP 2021). */
  establishments: Map<string, IndustryCount>;
  activities: Activities;
  /** The NAICS index (~20,000 descriptions): how a query's named customer becomes an industry. */
  industryIndex: IndustryItem[];
};
