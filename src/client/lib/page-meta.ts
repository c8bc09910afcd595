import { useEffect } from 'react';

const SITE_NAME = 'Unbuilt';

/** The document title for a page's own title (the site's name after it). */
export function documentTitle(title: string): string {
  return title === SITE_NAME ? title : `${title} · ${SITE_NAME}`;
}

/** Sets the page's document title and meta description (one of each, as index.html declares). */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
