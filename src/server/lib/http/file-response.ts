import type { FastifyReply } from 'fastify';
import { z } from 'zod';

// Every file the API sends (exports, the plan's Markdown and CSV, the analytics and audit CSVs) goes
// out through sendFile: its content type, `attachment` with its name, and `cache-control: no-store`
// (a download holds a user's data; no shared cache keeps it). Whether it counts against the monthly
// export allowance is the producing service's business (exports/export-quota.service.ts).

export type FileDownload = { fileName: string; contentType: string; body: string | Buffer };

export function sendFile(reply: FastifyReply, file: FileDownload) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

/** The 200 response of a file route, for the route table and the OpenAPI document. */
export function fileResponse(description: string) {
  return { 200: z.string().describe(description) };
}
