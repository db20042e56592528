import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GetList } from './getList';
import { GenericTable } from './GenericTable';
import { useList } from './useList';

interface Row {
  id: number;
  name: string;
}

const getList: GetList<Row> = async ({ start, limit }) => ({
  results: Array.from({ length: Math.min(limit, 45 - start) }, (_, i) => ({ id: start + i + 1, name: `Team ${start + i + 1}` })),
  total: 45,
  limit,
});

function Harness({ onActivate }: { onActivate?: (row: Row) => void }) {
  const list = useList({ name: 'rows', getList, defaultSort: 'id', sortFields: ['id'] });
  return (
    <GenericTable
      list={list}
      label="Teams"
      onActivate={onActivate}
      columns={[
        { field: 'id', header: 'Id', sortable: true, body: (r) => <Link to={`/team/${r.id}`}>{r.id}</Link> },
        { field: 'name', header: 'Name' },
        {
          field: 'options',
          header: 'Options',
          body: (r) => (
            <>
              <Link to={`/team/${r.id}/edit`} aria-label={`Edit ${r.id}`}>
                e
              </Link>
              <button type="button" aria-label={`Delete ${r.id}`}>
                x
              </button>
            </>
          ),
        },
      ]}
    />
  );
}

async function renderTable(onActivate?: (row: Row) => void) {
  const router = createMemoryRouter([{ path: '*', element: <Harness onActivate={onActivate} /> }], { initialEntries: ['/teams'] });
  render(<RouterProvider router={router} />);
  await screen.findByText('Team 1');
  return router;
}

const table = () => screen.getByRole('table', { name: 'Teams' });
const bodyRows = () => Array.from(table().querySelectorAll<HTMLElement>('tbody > tr'));
/** Everything in the table body a Tab press can reach. */
const tabStops = () => Array.from(table().querySelectorAll<HTMLElement>('tbody *')).filter((el) => el.tabIndex >= 0);
const focused = () => document.activeElement as HTMLElement;
const press = (key: string, shiftKey = false) => fireEvent.keyDown(focused(), { key, code: key, shiftKey });

describe('generic table keyboard (roving tabindex)', () => {
  afterEach(() => {
    cleanup();
    document.getElementById('skip-links')?.remove();
  });

  it('has one tab stop for all its rows, not one per link or button', async () => {
    await renderTable();
    expect(bodyRows()).toHaveLength(20);
    expect(tabStops()).toEqual([bodyRows()[0]]);
  });

  it('moves between rows with Up/Down/Home/End, the tab stop following the focus', async () => {
    await renderTable();
    bodyRows()[0]!.focus();
    press('ArrowDown');
    press('ArrowDown');
    expect(focused()).toBe(bodyRows()[2]);
    expect(tabStops()).toEqual([bodyRows()[2]]);
    press('ArrowUp');
    expect(focused()).toBe(bodyRows()[1]);
    press('End');
    expect(focused()).toBe(bodyRows()[19]);
    press('Home');
    expect(focused()).toBe(bodyRows()[0]);
  });

  it("reaches a row's links and buttons with Right/Left and Tab/Shift+Tab, and Up/Down keep the column", async () => {
    await renderTable();
    bodyRows()[0]!.focus();
    press('ArrowRight');
    expect(focused().textContent).toBe('1');
    press('ArrowRight');
    expect(focused().getAttribute('aria-label')).toBe('Edit 1');
    press('Tab');
    expect(focused().getAttribute('aria-label')).toBe('Delete 1');
    press('ArrowDown');
    expect(focused().getAttribute('aria-label')).toBe('Delete 2');
    press('Tab', true);
    expect(focused().getAttribute('aria-label')).toBe('Edit 2');
    press('ArrowLeft');
    press('ArrowLeft');
    expect(focused()).toBe(bodyRows()[1]);
    press('ArrowRight');
    press('Escape');
    expect(focused()).toBe(bodyRows()[1]);
    // Still one tab stop: the row last focused.
    expect(tabStops()).toEqual([bodyRows()[1]]);
  });

  it("opens the row's main link on Enter", async () => {
    const router = await renderTable();
    bodyRows()[3]!.focus();
    press('Enter');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/team/4'));
  });

  it('hands Enter to onActivate when the table activates rows', async () => {
    const onActivate = vi.fn();
    const router = await renderTable(onActivate);
    bodyRows()[2]!.focus();
    press('Enter');
    expect(onActivate).toHaveBeenCalledWith({ id: 3, name: 'Team 3' });
    expect(router.state.location.pathname).toBe('/teams');
  });

  it('puts "Skip to table" and "Skip to pager" links first on the page, to the tab stop row and the current page', async () => {
    await renderTable();
    const host = document.getElementById('skip-links')!;
    expect(document.body.firstElementChild).toBe(host);
    const links = within(host).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Skip to table: Teams', 'Skip to pager: Teams']);
    bodyRows()[0]!.focus();
    press('ArrowDown');
    (document.body as HTMLElement).focus();
    fireEvent.click(links[0]!);
    expect(focused()).toBe(bodyRows()[1]);
    fireEvent.click(links[1]!);
    expect(focused().textContent).toBe('1');
    expect(focused().closest('[role="navigation"]')?.getAttribute('aria-label')).toBe('Teams pages');
  });
});
