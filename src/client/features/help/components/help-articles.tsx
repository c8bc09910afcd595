import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { helpArticleQueryOptions, helpArticlesQueryOptions, useMarkHelpful } from '../api/help-api.ts';
import { ArticleBody } from './article-body.tsx';

function Article({ slug, onClose }: { slug: string; onClose: () => void }) {
  const article = useQuery(helpArticleQueryOptions(slug));
  const isSignedIn = useAuthStore((s) => s.status === 'signed-in');
  const helpful = useMarkHelpful();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (article.data) heading.current?.focus();
  }, [article.data]);
  if (article.isError) return <p role="alert">That article could not be found.</p>;
  const a = article.data;
  if (!a) return <p>Loading…</p>;
  return (
    <article aria-labelledby="help-article-title" className="rounded-lg border p-4">
      <h3 id="help-article-title" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        {a.title}
      </h3>
      <p className="text-sm text-muted-foreground">{a.category}</p>
      <div className="mt-3">
        <ArticleBody content={a.content} />
      </div>
      {a.related.length > 0 ? (
        <p className="mt-3 text-sm">
          Related:{' '}
          {a.related.map((r, i) => (
            <span key={r.slug}>
              {i > 0 ? ', ' : ''}
              <a href={`?article=${r.slug}`} className="underline">
                {r.title}
              </a>
            </span>
          ))}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {isSignedIn ? (
          <Button
            variant="outline"
            size="sm"
            disabled={helpful.isSuccess || helpful.isPending}
            onClick={() => helpful.mutate(a.slug)}
          >
            {helpful.isSuccess ? 'Thanks for the feedback' : 'This was helpful'}
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={onClose}>
          Back to all articles
        </Button>
      </div>
    </article>
  );
}

/** The help articles: searchable list; `?article=slug` opens one (the "?" on other pages links there). */
export function HelpArticles() {
  const [params, setParams] = useSearchParams();
  const slug = params.get('article');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const list = useQuery(helpArticlesQueryOptions(q));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };
  const items = list.data?.items ?? [];
  return (
    <section aria-labelledby="help-articles-heading" className="not-prose">
      <h2 id="help-articles-heading" className="text-lg font-semibold">
        Help articles
      </h2>
      {slug ? (
        <Article slug={slug} onClose={() => setParams({})} />
      ) : (
        <>
          <form role="search" aria-label="Help articles" onSubmit={submit} className="mt-2 flex gap-2">
            <label htmlFor="help-search" className="sr-only">
              Search help articles
            </label>
            <input
              id="help-search"
              type="search"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              placeholder="Search help, e.g. scores, quota, privacy"
              className="min-h-11 min-w-0 flex-1 rounded-md border bg-background px-3 py-2 text-base"
            />
            <Button type="submit">Search</Button>
          </form>
          <p role="status" className="mt-2 text-sm text-muted-foreground">
            {list.isPending
              ? 'Loading…'
              : q
                ? `${items.length} ${items.length === 1 ? 'article' : 'articles'} for “${q}”`
                : ''}
          </p>
          <ul className="mt-2 grid gap-2">
            {items.map((a) => (
              <li key={a.slug}>
                <a
                  href={`?article=${a.slug}`}
                  onClick={(e) => {
                    e.preventDefault();
                    setParams({ article: a.slug });
                  }}
                  className="flex min-h-11 flex-col justify-center rounded-md border px-3 py-2 hover:bg-muted"
                >
                  <span className="font-medium">{a.title}</span>
                  <span className="text-sm text-muted-foreground">{a.summary}</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
