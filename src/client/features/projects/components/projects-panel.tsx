import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { projectCreateSchema } from '#shared/projects/projects.schemas.ts';
import { Input } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { applyServerErrors } from '#client/components/form/server-errors.ts';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { usePageParam } from '#client/components/navigation/page-param.ts';
import { Pagination } from '#client/components/navigation/pagination.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import {
  useAddToProject,
  useCreateProject,
  useDeleteProject,
  useRemoveFromProject,
  useUpdateProject,
  projectsQueryOptions,
} from '../api/projects-api.ts';

const PAGE_PARAM = 'projectsPage';

const inputClass = 'min-h-11 rounded-md border bg-background px-3';

// What the fields hold, turned into the request and checked by the server's own schema (an empty
// description is left out; tags are separated by commas).
const projectFormSchema = z
  .object({ name: z.string(), description: z.string(), tags: z.string() })
  .transform(({ name, description, tags }): z.input<typeof projectCreateSchema> => ({
    name,
    description: description || undefined,
    tags: tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  }))
  .pipe(projectCreateSchema);

function ProjectForm() {
  const form = useZodForm(projectFormSchema, { defaultValues: { name: '', description: '', tags: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateProject();
  return (
    <Form
      form={form}
      className="grid gap-3 text-sm"
      aria-label="New project"
      onValid={(input) => {
        setFailure(null);
        create.mutate(input, {
          onSuccess: () => form.reset(),
          onError: (error) => {
            if (!applyServerErrors(form, error)) setFailure(error.message);
          },
        });
      }}
    >
      <div className="flex flex-wrap items-start gap-3">
        <Field name="name" label="Project name">
          <Input {...form.register('name')} />
        </Field>
        <Field name="description" label="Description">
          <Input {...form.register('description')} />
        </Field>
        <Field name="tags" label="Tags (comma-separated)">
          <Input {...form.register('tags')} />
        </Field>
        <Button type="submit" className="mt-[1.625rem]" disabled={create.isPending}>
          Create project
        </Button>
      </div>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
    </Form>
  );
}

/**
 * Projects that group analyses: create, add/remove analyses, archive, delete. `analyses` are the
 * ones a project can add (the page composing this panel fetches them from the searches feature).
 */
export function ProjectsPanel({ analyses }: { analyses: { id: number; query: string }[] }) {
  const projects = useQuery(projectsQueryOptions(usePageParam(PAGE_PARAM)));
  const update = useUpdateProject();
  const remove = useDeleteProject();
  const add = useAddToProject();
  const unlink = useRemoveFromProject();
  return (
    <section aria-labelledby="projects-title" className="mt-10">
      <h2 id="projects-title" className="text-xl font-semibold">
        Projects
      </h2>
      <div className="mt-3">
        <ProjectForm />
      </div>
      <ul className="mt-4 space-y-3">
        {(projects.data?.items ?? []).map((p) => (
          <li
            key={p.id}
            className={p.archived ? 'rounded-lg border p-3 opacity-70' : 'rounded-lg border p-3'}
            aria-label={`Project ${p.name}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <h3 className="font-semibold">
                  {p.name} {p.archived ? <span className="text-xs text-muted-foreground">(archived)</span> : null}
                </h3>
                {p.description ? <p className="text-sm">{p.description}</p> : null}
                {p.tags.length ? <p className="text-xs text-muted-foreground">{p.tags.join(' · ')}</p> : null}
              </div>
              <div className="flex gap-2">
                <Button variant="outline" size="sm" onClick={() => update.mutate({ id: p.id, archived: !p.archived })}>
                  {p.archived ? 'Unarchive' : 'Archive'}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => remove.mutate(p.id)}>
                  Delete
                </Button>
              </div>
            </div>
            <ul className="mt-2 text-sm">
              {p.analyses.map((a) => (
                <li key={a.id} className="flex items-center gap-2">
                  <Link to={paths.search.href(a.id)} className="underline">
                    {a.query}
                  </Link>
                  <Button variant="ghost" size="sm" onClick={() => unlink.mutate({ projectId: p.id, searchId: a.id })}>
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
            <label className="mt-2 flex items-center gap-2 text-sm">
              Add an analysis
              <select
                className={inputClass}
                value=""
                onChange={(e) => {
                  if (e.target.value) add.mutate({ projectId: p.id, searchId: Number(e.target.value) });
                }}
              >
                <option value="">Choose…</option>
                {analyses
                  .filter((s) => !p.analyses.some((a) => a.id === s.id))
                  .map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.query}
                    </option>
                  ))}
              </select>
            </label>
          </li>
        ))}
      </ul>
      <Pagination hasMore={projects.data?.hasMore ?? false} param={PAGE_PARAM} label="Project pages" />
    </section>
  );
}
