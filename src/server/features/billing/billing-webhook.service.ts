import { MINUTE_MS } from '#shared/app/time.constants.ts';
import type { Database } from '../../db/client.ts';
import { consumeRateLimit } from '../../lib/http/rate-limit.ts';
import type { RequestMeta } from '../../lib/http/request-meta.ts';
import { writeAudit } from '../../lib/domain/security-audit.ts';

const AUDITED_REJECTIONS_PER_MINUTE = 30;

/**
 * Records a webhook delivery whose signature did not verify. The audit trail must not become a way
 * to fill the database: past a per-address budget, rejections are still refused, without a row each.
 */
export async function auditRejectedDelivery(options: {
  db: Database;
  meta: RequestMeta;
  now: Date;
  reason: string;
  bytes: number;
}): Promise<void> {
  const { db, meta, now, reason, bytes } = options;
  const budget = await consumeRateLimit({
    db,
    key: `webhook-reject:${meta.ip}`,
    limit: AUDITED_REJECTIONS_PER_MINUTE,
    windowMs: MINUTE_MS,
    now,
  });
  if (!budget.allowed) return;
  await writeAudit({
    db,
    meta,
    event: {
      eventType: 'billing.webhook_rejected',
      action: 'verify_webhook_signature',
      resource: 'stripe_webhook',
      success: false,
      errorMessage: reason.slice(0, 500),
      severity: 'medium',
      metadata: { bytes },
    },
  });
}
