import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiErrorCode } from '#client/lib/api-error.ts';
import { ERROR_MESSAGES, errorScreenMessage, SUPPORT_LINE } from './error-messages.ts';
import { ErrorScreen } from './error-screen.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

function apiError(status: number, code: ApiErrorCode): ApiError {
  return new ApiError({ status, code, message: 'server text that must not decide the screen' });
}

describe('errorScreenMessage (docs/product/errors.md mapping)', () => {
  it.each([
    ['network failure', apiError(0, 'NETWORK_ERROR'), ERROR_MESSAGES.network],
    ['timeout', apiError(0, 'TIMEOUT'), ERROR_MESSAGES.timeout],
    ['401 unauthenticated', apiError(401, 'UNAUTHENTICATED'), ERROR_MESSAGES.unauthorized],
    ['401 invalid credentials', apiError(401, 'INVALID_CREDENTIALS'), ERROR_MESSAGES.unauthorized],
    ['404 not found', apiError(404, 'NOT_FOUND'), ERROR_MESSAGES.notFound],
    ['403 forbidden', apiError(403, 'FORBIDDEN'), ERROR_MESSAGES.forbidden],
    ['403 plan required', apiError(403, 'PLAN_REQUIRED'), ERROR_MESSAGES.forbidden],
    ['500 internal', apiError(500, 'INTERNAL'), ERROR_MESSAGES.generic],
    ['429 rate limited', apiError(429, 'RATE_LIMITED'), ERROR_MESSAGES.generic],
    [
      'failed chunk download',
      new TypeError('Failed to fetch dynamically imported module: /assets/x.js'),
      ERROR_MESSAGES.network,
    ],
    ['browser timeout', new DOMException('signal timed out', 'TimeoutError'), ERROR_MESSAGES.timeout],
    ['render bug', new Error('Cannot read properties of undefined (reading "404")'), ERROR_MESSAGES.generic],
    ['a thrown string', 'oops', ERROR_MESSAGES.generic],
  ])('%s', (_name, error, expected) => {
    expect(errorScreenMessage(error)).toBe(expected);
  });

  it('uses the documented texts verbatim', () => {
    expect(ERROR_MESSAGES.network).toBe(
      'Unable to connect to the server. Please check your internet connection and try again.',
    );
    expect(ERROR_MESSAGES.generic).toBe("Something went wrong. We're working to fix the issue.");
    expect(SUPPORT_LINE).toBe('If this problem persists, please contact support.');
  });
});

describe('ErrorScreen', () => {
  it('shows the title, the mapped message, the support line, Try Again and Go Home', async () => {
    const onRetry = vi.fn();
    render(<ErrorScreen error={apiError(404, 'NOT_FOUND')} onRetry={onRetry} />);
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText(ERROR_MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.getByText(SUPPORT_LINE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('RouteErrorBoundary', () => {
  it('replaces a failing page with the error screen, and Try Again renders the page again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let shouldFail = true;
    function FlakyPage() {
      if (shouldFail) throw apiError(0, 'NETWORK_ERROR');
      return <p>Page content</p>;
    }
    render(
      <RouteErrorBoundary>
        <FlakyPage />
      </RouteErrorBoundary>,
    );
    expect(screen.getByText(ERROR_MESSAGES.network)).toBeInTheDocument();
    shouldFail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Page content')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Oops! Something went wrong' })).not.toBeInTheDocument();
  });
});
