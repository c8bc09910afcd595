import { createHmac, timingSafeEqual } from 'node:crypto';
import { EVIDENCE_SOURCES, SOURCE_ATTRIBUTION } from '#shared/engine/analysis.schemas.ts';
import {
  BUNDLE_FORMAT,
  BUNDLE_SCHEMA_VERSION,
  type AnalysisBundle,
  type BundlePayload,
} from '#shared/exports/bundle.schemas.ts';
import type { AnalysisSnapshot } from '../../lib/domain/analysis-snapshot.ts';

// Building, signing and verifying the portable analysis bundle (docs/decisions/023). The signature is
// an HMAC-SHA256 with the server's bundle secret over the canonical JSON of { format, schemaVersion,
// payload }: object keys sorted, strings in NFC (the request door normalises every string to NFC,
// so a bundle that travelled through an import verifies the same), no whitespace.

/** JSON with sorted keys and NFC strings: the same value always gives the same bytes. */
export function canonicalJson(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.normalize('NFC'));
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]): [string, unknown] => [k.normalize('NFC'), v])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

function signatureOf(secret: string, signed: { format: string; schemaVersion: number; payload: unknown }): Buffer {
  return createHmac('sha256', secret).update(canonicalJson(signed)).digest();
}

export function buildBundle(snapshot: AnalysisSnapshot, secret: string, now: Date): AnalysisBundle {
  const used = new Set<string>(snapshot.analysis.corpusSources);
  for (const o of snapshot.opportunities) for (const e of o.evidence) used.add(e.source);
  const payload: BundlePayload = {
    exportedAt: now.toISOString(),
    versions: { corpus: snapshot.analysis.corpusVersion, rubric: snapshot.analysis.rubricVersion },
    analysis: {
      query: snapshot.query,
      analysedAt: snapshot.timestamp.toISOString(),
      filters: snapshot.filters,
      meta: snapshot.analysis,
      opportunities: snapshot.opportunities,
    },
    sources: EVIDENCE_SOURCES.filter((s) => used.has(s)).map((id) => ({ id, ...SOURCE_ATTRIBUTION[id] })),
  };
  const signed = { format: BUNDLE_FORMAT, schemaVersion: BUNDLE_SCHEMA_VERSION, payload };
  return {
    ...signed,
    signature: { algorithm: 'HMAC-SHA256', value: signatureOf(secret, signed).toString('base64url') },
  };
}

/** True when the bundle's signature was made by this server's secret over exactly this content. */
export function verifyBundleSignature(
  bundle: { format: string; schemaVersion: number; payload: unknown; signature: { value: string } },
  secret: string,
): boolean {
  const expected = signatureOf(secret, {
    format: bundle.format,
    schemaVersion: bundle.schemaVersion,
    payload: bundle.payload,
  });
  const given = Buffer.from(bundle.signature.value, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
