import { useQuery } from '@tanstack/react-query';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { apiReferenceQueryOptions, type Operation } from '../api-reference-api.ts';

// The Enterprise API reference, rendered from /api/v1/openapi.json with the app's own components
// (ADR 022 says why no third-party viewer): each operation with its parameters, request body and
// responses; schemas shown as the JSON Schema the document holds.

function anchorOf(method: string, path: string): string {
  return `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function SchemaBlock({ label, schema }: { label: string; schema: Record<string, unknown> | undefined }) {
  if (!schema) return null;
  return (
    <details className="mt-2 rounded-md border">
      <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-medium">{label}</summary>
      <pre className="max-h-96 overflow-auto border-t p-3 text-xs">{JSON.stringify(schema, null, 2)}</pre>
    </details>
  );
}

function OperationCard({ method, path, operation }: { method: string; path: string; operation: Operation }) {
  const body = operation.requestBody?.content?.['application/json']?.schema;
  return (
    <li id={anchorOf(method, path)} className="rounded-lg border bg-card p-4 text-card-foreground">
      <h3 className="flex flex-wrap items-baseline gap-2 font-mono text-base">
        <span className="rounded bg-muted px-2 py-0.5 text-sm font-bold uppercase">{method}</span>
        <span className="break-all">{path}</span>
      </h3>
      {operation.summary ? <p className="mt-1">{operation.summary}</p> : null}
      {operation.parameters?.length ? (
        <div className="mt-3">
          <h4 className="text-sm font-semibold">Parameters</h4>
          <ul className="mt-1 grid gap-1 text-sm">
            {operation.parameters.map((p) => (
              <li key={`${p.in}-${p.name}`}>
                <code className="font-mono">{p.name}</code>{' '}
                <span className="text-muted-foreground">
                  ({p.in}
                  {p.required ? ', required' : ''}
                  {typeof p.schema?.type === 'string' ? `, ${p.schema.type}` : ''})
                </span>
                {p.description ? ` — ${p.description}` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <SchemaBlock label="Request body (application/json)" schema={body} />
      {operation.responses ? (
        <div className="mt-3">
          <h4 className="text-sm font-semibold">Responses</h4>
          <ul className="mt-1 grid gap-1 text-sm">
            {Object.entries(operation.responses).map(([code, response]) => (
              <li key={code}>
                <code className="font-mono">{code}</code> {response.description ?? ''}
                {code.startsWith('2') ? (
                  <SchemaBlock label={`${code} body`} schema={Object.values(response.content ?? {})[0]?.schema} />
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

export function ApiReference() {
  const reference = useQuery(apiReferenceQueryOptions());
  if (reference.isPending) return <Spinner label="Loading the API document" />;
  if (reference.isError) return <FormAlert>{reference.error.message}</FormAlert>;
  const { title, version, openapi, operations } = reference.data;
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground">
        {title} {version} · OpenAPI {openapi} · the document itself:{' '}
        <a href="/api/v1/openapi.json" className="underline">
          /api/v1/openapi.json
        </a>
      </p>
      <section aria-labelledby="api-auth" className="grid gap-2">
        <h2 id="api-auth" className="text-xl font-semibold">
          Authentication
        </h2>
        <p>
          Send an API key (Enterprise; create one in Account settings) as <code>Authorization: Bearer ub_live_…</code>.
          Each key is limited per minute and says so in <code>RateLimit-*</code> headers; a repeated{' '}
          <code>Idempotency-Key</code> on POST returns the first answer.
        </p>
      </section>
      <nav aria-labelledby="api-operations">
        <h2 id="api-operations" className="text-xl font-semibold">
          Operations
        </h2>
        <ul className="mt-2 grid gap-1">
          {operations.map(({ method, path }) => (
            <li key={`${method} ${path}`}>
              <a
                href={`#${anchorOf(method, path)}`}
                className="inline-flex min-h-11 items-center font-mono text-sm underline"
              >
                {method.toUpperCase()} {path}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <ul className="grid gap-4" aria-label="API operations">
        {operations.map((op) => (
          <OperationCard key={`${op.method} ${op.path}`} {...op} />
        ))}
      </ul>
    </div>
  );
}
