import { DATASET_FILES } from '../corpus/load-datasets.ts';
import { MARKET_FILES } from '../corpus/load-market-data.ts';

// What `npm run datasets:fetch` downloads: each file of the layout the engine reads, where its
// public source serves it, and the checksum of the copy the engine was evaluated on.

/** `url: null` when no public source serves the file in this layout (a mirror must provide it). */
export type ManifestEntry = { path: string; url: string | null; sha256: string | null; bytes: number | null };

const ONET_TEXT = 'https://www.onetcenter.org/dl_files/database/db_29_3_text';

export const PUBLIC_MANIFEST: ManifestEntry[] = [
  {
    path: DATASET_FILES.yc,
    url: 'https://yc-oss.github.io/api/companies/all.json',
    sha256: '3bf7899c1130049d7fba21a2fe0f3fafc829d5a444eef6c9398dd0a8c0c61399',
    bytes: 6005581,
  },
  {
    path: DATASET_FILES.occupations,
    url: `${ONET_TEXT}/Occupation%20Data.txt`,
    sha256: '164236c5e0f1d16bfbafe017a16f20a993948cc4b1534d1da631652c81708f0f',
    bytes: 264777,
  },
  {
    path: DATASET_FILES.tasks,
    url: `${ONET_TEXT}/Task%20Statements.txt`,
    sha256: 'd0204389a327a5483f8b09a5f00c3e4d4855faab70eb98ffd57f2f6750c4326a',
    bytes: 3425421,
  },
  {
    path: DATASET_FILES.tech,
    url: `${ONET_TEXT}/Technology%20Skills.txt`,
    sha256: 'e73975df2574326bedb01b88f08e3eb697dad8ee4b6092ff551d7c6e4bf388bf',
    bytes: 3643085,
  },
  {
    path: DATASET_FILES.titles,
    url: `${ONET_TEXT}/Sample%20of%20Reported%20Titles.txt`,
    sha256: 'f10deeecb490ab1df901941bbd78cdb7bf1a6691596a6946c35abb84022ceaf4',
    bytes: 552758,
  },
  {
    path: DATASET_FILES.bls,
    // BLS publishes the projections as an Excel workbook; the CSV layout the engine reads comes
    // from a mirror (`--from`), so there is no direct public URL to pin here.
    url: null,
    sha256: '2809622ce60404b75178610886b49f07d98bde0da9c8eb59a5dbd795dbe21bec',
    bytes: 277279,
  },
  {
    path: MARKET_FILES.activities,
    url: `${ONET_TEXT}/Tasks%20to%20DWAs.txt`,
    sha256: 'dd8785f320cc4db184eb519472f5c916f86f9da7d06c3ba4a9a27f836301f26d',
    bytes: 5438719,
  },
  // The market tables: BLS publishes its staffing matrix as workbooks and the Census Bureau its
  // County Business Patterns as one national text file; the CSV layouts the engine reads (see
  // data/SOURCES.md) come from a mirror.
  {
    path: MARKET_FILES.staffing,
    url: null,
    sha256: 'c32f4a65162bfbcc00c65c216946d589a4c7816ccff793f0bd34bfe6008f06dd',
    bytes: 13487796,
  },
  {
    path: MARKET_FILES.establishments,
    url: null,
    sha256: 'd2f61bb43a58a623a06a31a38a619c33854565fdf9f52de75f3c8ff5456d6fb9',
    bytes: 30870,
  },
  // The Census Bureau publishes the NAICS index as a workbook; its CSV layout comes from a mirror.
  {
    path: MARKET_FILES.industryIndex,
    url: null,
    sha256: '36e1d30d7613471e2582558a7e44f606303715ba9a356ce9f563b87f33f753fb',
    bytes: 1068279,
  },
];

/** The same layout served from a mirror (e.g. a folder like ../shared/data behind any static HTTP server). */
export function mirrorManifest(baseUrl: string): ManifestEntry[] {
  const base = baseUrl.replace(/\/+$/, '');
  return PUBLIC_MANIFEST.map((e) => ({ ...e, url: `${base}/${e.path}` }));
}
