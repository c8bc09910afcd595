import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { auditFilterSchema, type AuditFilter } from '#shared/admin/admin.schemas.ts';
import { Input } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { usePageParam } from '#client/components/navigation/page-param.ts';
import { Pagination } from '#client/components/navigation/pagination.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { adminAuditQueryOptions, useExportAudit } from '../api/admin-api.ts';

const FIELDS = ['user', 'event', 'from', 'to', 'ip', 'requestId'] as const;

function filterOf(params: URLSearchParams): AuditFilter {
  const parsed = auditFilterSchema.safeParse(Object.fromEntries(FIELDS.map((f) => [f, params.get(f) ?? undefined])));
  return parsed.success ? parsed.data : { user: undefined, event: undefined, ip: undefined, requestId: undefined };
}

/** The audit log: search by user, event, date, IP and request id; export what matches as CSV. */
export function AuditPanel() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = filterOf(searchParams);
  const page = usePageParam();
  const audit = useQuery(adminAuditQueryOptions(filter, page));
  const exportCsv = useExportAudit();
  const form = useZodForm(auditFilterSchema, {
    defaultValues: Object.fromEntries(FIELDS.map((f) => [f, filter[f] ?? ''])),
  });
  const items = audit.data?.items ?? [];
  return (
    <div className="grid gap-4">
      <Form
        form={form}
        aria-label="Search the audit log"
        className="grid gap-3 sm:grid-cols-3"
        onValid={(values) =>
          setSearchParams(
            Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1]))),
          )
        }
      >
        <Field name="user" label="User (id or e-mail)">
          <Input {...form.register('user')} />
        </Field>
        <Field name="event" label="Event (starts with)">
          <Input placeholder="login_" {...form.register('event')} />
        </Field>
        <Field name="ip" label="IP address">
          <Input {...form.register('ip')} />
        </Field>
        <Field name="from" label="From (UTC day)">
          <Input type="date" {...form.register('from')} />
        </Field>
        <Field name="to" label="To (UTC day, inclusive)">
          <Input type="date" {...form.register('to')} />
        </Field>
        <Field name="requestId" label="Request id">
          <Input {...form.register('requestId')} />
        </Field>
        <div className="flex flex-wrap gap-2 sm:col-span-3">
          <Button type="submit">Search</Button>
          <Button
            type="button"
            variant="outline"
            disabled={exportCsv.isPending}
            onClick={() => exportCsv.mutate(filter)}
          >
            Export CSV
          </Button>
        </div>
      </Form>
      {exportCsv.isError ? <FormAlert>{exportCsv.error.message}</FormAlert> : null}
      {exportCsv.isSuccess ? <FormAlert tone="success">Saved {exportCsv.data}.</FormAlert> : null}
      {audit.isError ? <FormAlert>{audit.error.message}</FormAlert> : null}
      {audit.data && items.length === 0 ? <p className="text-muted-foreground">Nothing matches.</p> : null}
      <ul className="grid gap-2" aria-label="Audit entries">
        {items.map((entry) => (
          <li key={entry.id} className="rounded-md border p-3 text-sm">
            <p className="flex flex-wrap justify-between gap-2">
              <span className="font-mono font-semibold break-all">{entry.eventType}</span>
              <span className={entry.success ? '' : 'font-semibold text-destructive'}>
                {entry.success ? 'success' : 'failure'} · {entry.severity}
              </span>
            </p>
            <p className="mt-1 break-all text-muted-foreground">
              {entry.createdAt.replace('T', ' ').slice(0, 19)} UTC · {entry.userEmail ?? 'no user'}
              {entry.userId !== null ? ` (#${entry.userId})` : ''} · {entry.ipAddress ?? 'no IP'}
              {entry.resource ? ` · ${entry.resource}${entry.resourceId ? ` ${entry.resourceId}` : ''}` : ''}
            </p>
            <p className="mt-1 break-all font-mono text-xs text-muted-foreground">request {entry.requestId ?? '—'}</p>
          </li>
        ))}
      </ul>
      <Pagination hasMore={audit.data?.hasMore ?? false} label="Audit log pages" />
    </div>
  );
}
