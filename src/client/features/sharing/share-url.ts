import { paths } from '#client/config/paths.ts';

/** The full address of a share link, as the owner copies it. */
export function shareUrl(token: string, origin = window.location.origin): string {
  return `${origin}${paths.share.href(token)}`;
}
