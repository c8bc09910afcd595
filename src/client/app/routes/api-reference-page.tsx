import { ApiReference } from '#client/features/api-reference/components/api-reference.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /documentation/api: the Enterprise REST API reference, from the generated OpenAPI document. */
export function ApiReferencePage() {
  usePageMeta('API reference', 'The Unbuilt REST API v1: operations, parameters and responses.');
  return (
    <div className="mx-auto grid max-w-4xl gap-4 px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">API reference</h1>
      <ApiReference />
    </div>
  );
}
