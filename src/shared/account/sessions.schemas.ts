import { z } from 'zod';

export const revokedSessionsSchema = z.object({ revokedSessions: z.number().int() });
