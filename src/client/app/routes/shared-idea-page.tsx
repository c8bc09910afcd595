import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ErrorScreen } from '#client/components/errors/error-screen.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { paths } from '#client/config/paths.ts';
import { NoLongerShared } from '#client/app/no-longer-shared.tsx';
import { TeamShareButton } from '#client/app/team-share-button.tsx';
import { ideaQueryOptions } from '#client/features/ideas/api/ideas-api.ts';
import { IdeaResults } from '#client/features/ideas/components/idea-results.tsx';
import { sharedIdeaViewQueryOptions } from '#client/features/teams/api/collaboration-api.ts';
import { CommentsPanel } from '#client/features/teams/components/comments-panel.tsx';
import { ApiError } from '#client/lib/api-error.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { DocumentPdfControl } from '#client/app/document-pdf-control.tsx';

/** /shared/ideas/:id — an idea a teammate shared with me: editable with canEdit, with its comments. */
export function SharedIdeaPage() {
  const id = Number(useParams().id);
  const isValidId = Number.isInteger(id) && id > 0;
  const rights = useQuery({ ...sharedIdeaViewQueryOptions(id), enabled: isValidId });
  const idea = useQuery({ ...ideaQueryOptions(id), enabled: isValidId && rights.isSuccess });
  usePageMeta(rights.data ? `Shared: ${rights.data.title}` : 'Shared idea', 'An idea a teammate shared with you.');

  const error = rights.error ?? idea.error;
  if (error) {
    if (error instanceof ApiError && error.code === 'NOT_FOUND') return <NoLongerShared kind="idea" />;
    return <ErrorScreen error={error} onRetry={() => void (rights.isError ? rights.refetch() : idea.refetch())} />;
  }
  if (!rights.data || !idea.data) return <Spinner className="w-full py-16" label="Loading the shared idea" />;
  const subject = { kind: 'idea' as const, id };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <p className="mb-4 text-sm">
        <Link to={paths.sharedWithMe.href()} className={textLinkClass}>
          ← Shared with me
        </Link>
      </p>
      <IdeaResults
        idea={idea.data}
        access={{ isOwner: rights.data.isOwner, canEdit: rights.data.canEdit }}
        actions={
          <>
            {rights.data.canShare ? (
              <TeamShareButton subject={subject} title={rights.data.title} isOwner={rights.data.isOwner} />
            ) : null}
            <DocumentPdfControl kind="idea" id={id} />
          </>
        }
      />
      <CommentsPanel subject={subject} canComment={rights.data.canComment} />
    </div>
  );
}
