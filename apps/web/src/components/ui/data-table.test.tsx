import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable, type TableColumn } from './data-table';

/* A list whose status is its last column: a table on a wide screen, cards on a phone (issue 26). */

const desktopMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = desktopMatchMedia;
});

type Row = { id: string; who: string; status: string };
const rows: Row[] = [
  { id: '1', who: 'Jane D.', status: 'Claimed' },
  { id: '2', who: 'ben@example.com', status: 'Waiting for them to join' },
];
const columns: TableColumn<Row>[] = [
  { header: '', cell: (r) => `#${r.id}` },
  { header: 'With', cell: (r) => r.who },
  { header: 'Status', cell: (r) => r.status },
];

function renderTable(width: number) {
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    return { ...desktopMatchMedia(query), matches: max ? width <= Number(max[1]) : false };
  };
  render(
    <MantineProvider env="test">
      <DataTable rows={rows} columns={columns} label="Your gifts" minWidth={720} stackOnPhone />
    </MantineProvider>,
  );
}

describe('DataTable stackOnPhone', () => {
  it('is a table with headings on a wide screen', () => {
    renderTable(1280);
    const table = screen.getByRole('table', { name: 'Your gifts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'With', 'Status']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('is a list of cards, each with every heading beside its value, on a 360 px phone', () => {
    renderTable(360);
    expect(screen.queryByRole('table')).toBeNull();
    const items = within(screen.getByRole('list', { name: 'Your gifts' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[1]).toHaveTextContent('#2');
    expect(items[1]).toHaveTextContent(/With\s*ben@example\.com/);
    expect(items[1]).toHaveTextContent(/Status\s*Waiting for them to join/);
  });
});
