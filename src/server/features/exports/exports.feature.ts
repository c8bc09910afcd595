import type { FastifyPluginAsync } from 'fastify';
import { brandingRoutes } from './branding.routes.ts';
import type { ExportDocuments } from './document-exports.service.ts';
import { exportsRoutes } from './exports.routes.ts';
import type { DeckCompanions } from './exports.service.ts';
import { exportsV1Routes } from './exports-v1.routes.ts';

/** Exports (files, the monthly allowance, bundles), report branding, and exports through /api/v1. */
export const exportsFeature: FastifyPluginAsync<{ companions: DeckCompanions; documents: ExportDocuments }> = async (
  app,
  options,
) => {
  await app.register(exportsRoutes, { prefix: '/api/exports', ...options });
  await app.register(brandingRoutes, { prefix: '/api/exports/branding' });
  await app.register(exportsV1Routes, { prefix: '/api/v1' });
};
