import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contextStore } from '../../stores/context';
import type { GetList, GetListArgs } from './getList';
import { GenericTable } from './GenericTable';
import { useList } from './useList';

interface Row {
  id: number;
  name: string;
}

const rowsFor = (args: GetListArgs, total: number) =>
  Array.from({ length: Math.max(0, Math.min(args.limit, total - args.start)) }, (_, i) => ({
    id: args.start + i + 1,
    name: `Team ${args.start + i + 1}`,
  }));

/** A getList over `total` rows that records what it was asked. */
function serve(total: number, limit?: number) {
  const asked: Omit<GetListArgs, 'signal'>[] = [];
  const getList = vi.fn<GetList<Row>>(async (args) => {
    const { signal: _signal, ...rest } = args;
    asked.push(rest);
    return { results: rowsFor(args, total), total, limit: limit ?? args.limit };
  });
  return { asked, getList };
}

function Harness({ getList, onSelect }: { getList: GetList<Row>; onSelect?: (row: Row) => void }) {
  const list = useList({ name: 'rows', getList, defaultSort: '-id', sortFields: ['id', 'name'], filters: { q: '' } });
  return (
    <>
      <input aria-label="Keyword" onKeyDown={(e) => e.key === 'Enter' && list.setFilter('q', e.currentTarget.value)} />
      <GenericTable
        list={list}
        label="Teams"
        onSelect={onSelect}
        columns={[
          { field: 'id', header: 'Id', sortable: true },
          { field: 'name', header: 'Name', sortable: true },
          { field: 'short', header: 'Short', body: (row) => row.name.slice(0, 3) },
        ]}
      />
    </>
  );
}

/** A list whose rows hold an input of their own, and a button that reads the same page again. */
function Reloading({ getList }: { getList: GetList<Row> }) {
  const list = useList({ name: 'reloading', getList, defaultSort: '-id', sortFields: ['id'] });
  return (
    <>
      <button type="button" onClick={list.reload}>
        Read again
      </button>
      <GenericTable list={list} label="Teams" columns={[{ field: 'name', header: 'Name', body: (row) => <input aria-label={`Note ${row.id}`} /> }]} />
    </>
  );
}

function renderTable(path: string, getList: GetList<Row>, onSelect?: (row: Row) => void) {
  const router = createMemoryRouter([{ path: '*', element: <Harness getList={getList} onSelect={onSelect} /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return { router, search: () => router.state.location.search };
}

const pageLinks = () =>
  within(screen.getByRole('navigation', { name: 'Teams pages' }))
    .getAllByRole('button')
    .filter((b) => b.classList.contains('p-paginator-page'))
    .map((b) => b.textContent);

describe('generic table', () => {
  afterEach(() => {
    cleanup();
    contextStore.providerId = 1;
    contextStore.sportId = 1;
  });

  it('toggles a sortable header between ascending and descending, through the address', async () => {
    const { asked, getList } = serve(45);
    const { search } = renderTable('/teams?page=2', getList);
    await screen.findByText('Team 21');
    const name = () => screen.getByRole('columnheader', { name: /^Name/ });
    fireEvent.click(name());
    await vi.waitFor(() => expect(search()).toBe('?sort=name'));
    await vi.waitFor(() => expect(name().getAttribute('aria-sort')).toBe('ascending'));
    fireEvent.click(name());
    await vi.waitFor(() => expect(search()).toBe('?sort=-name'));
    await vi.waitFor(() => expect(name().getAttribute('aria-sort')).toBe('descending'));
    fireEvent.click(name());
    await vi.waitFor(() => expect(search()).toBe('?sort=name'));
    // A header that does not sort asks nothing.
    fireEvent.click(screen.getByRole('columnheader', { name: 'Short' }));
    expect(asked.map((a) => a.sort)).toEqual(['-id', 'name', '-name', 'name']);
    // A new sort shows its first page.
    expect(asked.at(-1)).toMatchObject({ start: 0, limit: 20 });
  });

  it('shows up to 10 page links around the current page, and pages by start = page × page size', async () => {
    const { asked, getList } = serve(1000);
    const { search } = renderTable('/teams?page=15', getList);
    await screen.findByText('Team 281');
    expect(asked[0]).toMatchObject({ start: 280, limit: 20 });
    expect(pageLinks()).toEqual(['10', '11', '12', '13', '14', '15', '16', '17', '18', '19']);
    expect(screen.getByRole('button', { name: 'Page 15' }).getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Page 19' }));
    await vi.waitFor(() => expect(search()).toBe('?page=19'));
    await screen.findByText('Team 361');
    expect(asked.at(-1)).toMatchObject({ start: 360 });
    expect(pageLinks()).toEqual(['14', '15', '16', '17', '18', '19', '20', '21', '22', '23']);
    // Near the end the window keeps 10 links, ending on the last page.
    fireEvent.click(screen.getByRole('button', { name: 'Last Page' }));
    await vi.waitFor(() => expect(search()).toBe('?page=50'));
    await vi.waitFor(() => expect(pageLinks()).toEqual(['41', '42', '43', '44', '45', '46', '47', '48', '49', '50']));
  });

  it('uses the page size the server answers with', async () => {
    const { asked, getList } = serve(100, 50);
    renderTable('/teams?page=2', getList);
    await screen.findByText('Team 51');
    expect(asked.map((a) => [a.start, a.limit])).toEqual([
      [20, 20],
      [50, 50],
    ]);
    expect(pageLinks()).toEqual(['1', '2']);
  });

  it('keeps the first page on screen when the server answers it with a page size of its own', async () => {
    // The operators list answers every row with limit = their count: the rows shown must not give
    // way to 'Loading...' while the list adopts that size (a row seen, then gone, then back).
    const { getList } = serve(3, 3);
    renderTable('/teams', getList);
    await screen.findByText('Team 1');
    const seen: boolean[] = [];
    for (let i = 0; i < 20; i++) {
      seen.push(screen.queryByText('Team 1') !== null);
      await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    }
    expect(seen.every(Boolean)).toBe(true);
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it("shows a 'Loading...' row while a page loads, then the rows", async () => {
    let release: () => void = () => undefined;
    const getList: GetList<Row> = (args) =>
      new Promise((resolve) => {
        release = () => resolve({ results: rowsFor(args, 3), total: 3, limit: 20 });
      });
    renderTable('/teams', getList);
    const loading = await screen.findByText('Loading...', { selector: 'td' });
    expect(loading.closest('table')?.getAttribute('aria-busy')).toBe('true');
    await act(async () => release());
    expect(await screen.findByText('Team 1')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByRole('table', { name: 'Teams' }).getAttribute('aria-busy')).toBe('false');
  });

  it('keeps the rows, and what a row holds, while the same page is read again', async () => {
    let answers = 0;
    let release: () => void = () => undefined;
    const getList: GetList<Row> = (args) =>
      new Promise((resolve) => {
        const reply = { results: rowsFor(args, 3), total: 3, limit: 20 };
        if (answers++ === 0) resolve(reply);
        else release = () => resolve(reply);
      });
    const router = createMemoryRouter([{ path: '*', element: <Reloading getList={getList} /> }], { initialEntries: ['/teams'] });
    render(<RouterProvider router={router} />);
    const note = (await screen.findByLabelText('Note 2')) as HTMLInputElement;
    fireEvent.change(note, { target: { value: 'kept' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read again' }));
    await vi.waitFor(() => expect(screen.getByRole('table', { name: 'Teams' }).getAttribute('aria-busy')).toBe('true'));
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByLabelText('Note 2')).toBe(note);
    await act(async () => release());
    await vi.waitFor(() => expect(screen.getByRole('table', { name: 'Teams' }).getAttribute('aria-busy')).toBe('false'));
    expect((screen.getByLabelText('Note 2') as HTMLInputElement).value).toBe('kept');
  });

  it('reads page, sort and filters from the address, and writes filters back from page 1', async () => {
    const { asked, getList } = serve(45);
    const { router, search } = renderTable('/teams?q=Bra&sort=name&page=2&other=kept', getList);
    await screen.findByText('Team 21');
    expect(asked[0]).toEqual({ start: 20, limit: 20, sort: 'name', filter: { q: 'Bra' } });
    const keyword = screen.getByLabelText('Keyword');
    (keyword as HTMLInputElement).value = ' Ger ';
    fireEvent.keyDown(keyword, { key: 'Enter' });
    await vi.waitFor(() => expect(search()).toBe('?q=Ger&sort=name&other=kept'));
    await vi.waitFor(() => expect(asked.at(-1)).toEqual({ start: 0, limit: 20, sort: 'name', filter: { q: 'Ger' } }));
    // Back returns to the previous list state, and the list follows.
    await act(() => router.navigate(-1));
    await vi.waitFor(() => expect(asked.at(-1)).toEqual({ start: 20, limit: 20, sort: 'name', filter: { q: 'Bra' } }));
  });

  it('ignores malformed address values and starts again from page 1 for another provider', async () => {
    const { asked, getList } = serve(45);
    const { search } = renderTable('/teams?sort=drop%20table&page=-3', getList);
    await screen.findByText('Team 1');
    expect(asked[0]).toMatchObject({ start: 0, sort: '-id' });
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await vi.waitFor(() => expect(search()).toContain('page=3'));
    await screen.findByText('Team 41');
    act(() => {
      contextStore.providerId = 2;
    });
    await vi.waitFor(() => expect(search()).not.toContain('page='));
    await vi.waitFor(() => expect(asked.at(-1)).toMatchObject({ start: 0 }));
  });

  it('selects a row', async () => {
    const { getList } = serve(3);
    const onSelect = vi.fn();
    renderTable('/teams', getList, onSelect);
    fireEvent.click(await screen.findByText('Team 2'));
    expect(onSelect).toHaveBeenCalledWith({ id: 2, name: 'Team 2' });
    await vi.waitFor(() => expect(screen.getByText('Team 2').closest('tr')?.getAttribute('aria-selected')).toBe('true'));
  });
});
