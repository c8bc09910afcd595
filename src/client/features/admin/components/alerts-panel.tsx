import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  ALERT_SEVERITIES,
  ALERT_STATUSES,
  alertTriageSchema,
  type SecurityAlert,
} from '#shared/admin/admin.schemas.ts';
import { Select, Textarea } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { applyServerErrors } from '#client/components/form/server-errors.ts';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { usePageParam } from '#client/components/navigation/page-param.ts';
import { Pagination } from '#client/components/navigation/pagination.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { formatDate } from '#client/lib/format.ts';
import { adminAlertsQueryOptions, useTriageAlert } from '../api/admin-api.ts';

function TriageForm({ alert }: { alert: SecurityAlert }) {
  const triage = useTriageAlert();
  const next = alert.status === 'open' ? 'acknowledged' : 'resolved';
  const form = useZodForm(alertTriageSchema, { defaultValues: { status: next, notes: '' } });
  return (
    <Form
      form={form}
      aria-label={`Triage alert ${alert.id}`}
      onValid={(values) =>
        triage.mutate({ id: alert.id, triage: values }, { onError: (e) => applyServerErrors(form, e) })
      }
    >
      <Field name="status" label="Move to">
        <Select
          options={[
            ...(alert.status === 'open' ? [{ value: 'acknowledged', label: 'Acknowledged' }] : []),
            { value: 'resolved', label: 'Resolved' },
          ]}
          {...form.register('status')}
        />
      </Field>
      <Field name="notes" label="Notes" description="Required to resolve: what was found and done.">
        <Textarea rows={2} {...form.register('notes')} />
      </Field>
      <div>
        <Button type="submit" disabled={triage.isPending}>
          Update alert
        </Button>
      </div>
      {triage.isError && Object.keys(form.formState.errors).length === 0 ? (
        <FormAlert>{triage.error.message}</FormAlert>
      ) : null}
    </Form>
  );
}

const STATUS_OPTIONS = [{ value: '', label: 'Any status' }, ...ALERT_STATUSES.map((s) => ({ value: s, label: s }))];
const SEVERITY_OPTIONS = [
  { value: '', label: 'Any severity' },
  ...ALERT_SEVERITIES.map((s) => ({ value: s, label: s })),
];

/** Security alerts: filter by status and severity; triage open → acknowledged → resolved with notes. */
export function AlertsPanel() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = searchParams.get('status') ?? 'open';
  const severity = searchParams.get('severity') ?? '';
  const page = usePageParam();
  const alerts = useQuery(adminAlertsQueryOptions(status, severity, page));
  const items = alerts.data?.items ?? [];
  const setFilter = (name: string, value: string) =>
    setSearchParams((current) => {
      const nextParams = new URLSearchParams(current);
      nextParams.set(name, value);
      nextParams.delete('page');
      return nextParams;
    });
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-3" role="group" aria-label="Filters">
        <Field label="Status">
          <Select options={STATUS_OPTIONS} value={status} onChange={(e) => setFilter('status', e.target.value)} />
        </Field>
        <Field label="Severity">
          <Select options={SEVERITY_OPTIONS} value={severity} onChange={(e) => setFilter('severity', e.target.value)} />
        </Field>
      </div>
      {alerts.isError ? <FormAlert>{alerts.error.message}</FormAlert> : null}
      {alerts.data && items.length === 0 ? <p className="text-muted-foreground">No alerts match.</p> : null}
      <ul className="grid gap-3" aria-label="Security alerts">
        {items.map((alert) => (
          <li key={alert.id} className="rounded-lg border bg-card p-4 text-card-foreground">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-semibold break-all">{alert.alertType}</h3>
              <span className="text-sm">
                {alert.severity} · <strong>{alert.status}</strong>
              </span>
            </div>
            <p className="mt-1 text-sm">{alert.description}</p>
            <p className="mt-1 text-sm text-muted-foreground">
              {formatDate(alert.createdAt)} {alert.createdAt.slice(11, 16)} UTC
              {alert.userId !== null ? ` · user ${alert.userId}` : ''}
              {alert.ipAddress ? ` · ${alert.ipAddress}` : ''}
            </p>
            {alert.resolutionNotes ? <p className="mt-1 text-sm">Notes: {alert.resolutionNotes}</p> : null}
            {alert.status === 'open' || alert.status === 'acknowledged' || alert.status === 'investigating' ? (
              <div className="mt-3 border-t pt-3">
                <TriageForm alert={alert} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <Pagination hasMore={alerts.data?.hasMore ?? false} label="Alert pages" />
    </div>
  );
}
