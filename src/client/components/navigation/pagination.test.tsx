import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { usePageParam } from './page-param.ts';
import { Pagination } from './pagination.tsx';

function Harness({ hasMore, param }: { hasMore: (page: number) => boolean; param?: string }) {
  const page = usePageParam(param);
  const location = useLocation();
  return (
    <>
      <Pagination hasMore={hasMore(page)} {...(param ? { param } : {})} />
      <output data-testid="url">{`${location.pathname}${location.search}`}</output>
    </>
  );
}

const url = () => screen.getByTestId('url').textContent;

describe('Pagination', () => {
  it('keeps the page in the URL, keeping the other parameters, and drops it on page 1', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/history?q=dental']}>
        <Harness hasMore={(page) => page < 3} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(url()).toBe('/history?q=dental&page=2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(url()).toBe('/history?q=dental');
  });

  it('starts on the page the URL names, reads a bad page as 1, and hides itself for a single page', () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={['/saved?projectsPage=4']}>
        <Harness hasMore={() => false} param="projectsPage" />
      </MemoryRouter>,
    );
    expect(screen.getByText('Page 4')).toBeInTheDocument();
    unmount();
    render(
      <MemoryRouter initialEntries={['/saved?page=-2']}>
        <Harness hasMore={() => false} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
