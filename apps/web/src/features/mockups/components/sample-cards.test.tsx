import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Badge } from '#/components/ui/badge.tsx';
import { renderScreen } from '#/testing/render-route.tsx';
import { SampleCardList } from './sample-cards.tsx';

interface Row {
  id: string;
  name: string;
  owner: string;
  when: string;
}

const rows: Row[] = [
  { id: 'A-1', name: 'Acme Holdings', owner: 'Ada Obi', when: '11/18/2026' },
  { id: 'B-2', name: 'Bluewave LLC', owner: 'Bola Ade', when: '11/19/2026' },
];

const parts = {
  label: 'Requests',
  rows,
  rowKey: (row: Row) => row.id,
  title: (row: Row) => row.name,
  lines: (row: Row) => [row.owner, `${row.id} · ${row.when}`],
};

describe('SampleCardList (a mock-up list on a phone)', () => {
  it('lists each row as a card whose title is the link, the rest its description', async () => {
    const { user } = renderScreen(
      <SampleCardList
        {...parts}
        to={(row) => `/request-details/${row.id}`}
        badge={() => <Badge tone="amber">Pending</Badge>}
      />,
    );
    const cards = within(screen.getByRole('list', { name: 'Requests' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const link = within(cards[0]!).getByRole('link');
    expect(link).toHaveAccessibleName('Acme Holdings');
    expect(link).toHaveAccessibleDescription('Pending Ada Obi A-1 · 11/18/2026');
    // One link per card: the card has no other control.
    expect(within(cards[0]!).getAllByRole('link')).toHaveLength(1);

    within(cards[1]!).getByRole('link').focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Went to /request-details/B-2')).toBeInTheDocument();
  });

  it('without a destination, a card is text alone: no link, no badge', () => {
    renderScreen(<SampleCardList {...parts} label="History" />);
    const cards = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Acme HoldingsAda ObiA-1 · 11/18/2026',
      'Bluewave LLCBola AdeB-2 · 11/19/2026',
    ]);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
