import { queryOptions, useMutation } from '@tanstack/react-query';
import { helpArticleListSchema, helpArticleSchema, helpfulResultSchema } from '#shared/help/help.schemas.ts';
import { getData, postData } from '#client/lib/api-client.ts';

// /api/help: articles (public) and "helpful" marks; keys start with 'help'.

export const helpKeys = {
  all: ['help'] as const,
  articles: (q: string) => ['help', 'articles', q] as const,
  article: (slug: string) => ['help', 'article', slug] as const,
};

export function helpArticlesQueryOptions(q: string) {
  return queryOptions({
    queryKey: helpKeys.articles(q),
    queryFn: () => getData(`/api/help/articles${q ? `?q=${encodeURIComponent(q)}` : ''}`, helpArticleListSchema),
  });
}

export function helpArticleQueryOptions(slug: string) {
  return queryOptions({
    queryKey: helpKeys.article(slug),
    queryFn: () => getData(`/api/help/articles/${encodeURIComponent(slug)}`, helpArticleSchema),
  });
}

export function useMarkHelpful() {
  return useMutation({
    mutationFn: (slug: string) =>
      postData(`/api/help/articles/${encodeURIComponent(slug)}/helpful`, {}, helpfulResultSchema),
  });
}
