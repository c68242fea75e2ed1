import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { businessListItemFixture } from '#/testing/business-fixtures.ts';
import { renderScreen } from '#/testing/render-route.tsx';
import { BusinessCardList } from './business-cards.tsx';
import { Badge } from './ui/badge.tsx';

const business = businessListItemFixture({
  business_name: 'Acme Holdings',
  user: { email: 'ada.obi@example.com', first_name: 'Ada', last_name: 'Obi' },
});

const cardParts = {
  badge: () => <Badge tone="amber">Pending</Badge>,
  details: () => 'New Business · Incorporation Payment',
};

describe('BusinessCardList (the business lists on a phone)', () => {
  it('lists each business as a card whose link opens it, by click or Enter', async () => {
    const { user } = renderScreen(
      <BusinessCardList
        label="Businesses"
        rows={[business, businessListItemFixture()]}
        action={{ kind: 'link', to: (row) => `/full-business-details/${row.uuid}` }}
        {...cardParts}
      />,
    );
    const cards = within(screen.getByRole('list', { name: 'Businesses' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);

    // One link per card, named by the business; the rest of the card is its description.
    const link = within(cards[0]!).getByRole('link');
    expect(link).toHaveAccessibleName('Acme Holdings');
    expect(link).toHaveAccessibleDescription(
      'Pending Ada Obi ada.obi@example.com New Business · Incorporation Payment',
    );

    link.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText(`Went to /full-business-details/${business.uuid}`)).toBeInTheDocument();
  });

  it('opens the row with a button when the card opens something on the page', async () => {
    const onOpen = vi.fn();
    const { user } = renderScreen(
      <BusinessCardList
        label="Documents"
        rows={[business]}
        action={{ kind: 'button', onOpen }}
        {...cardParts}
      />,
    );
    const open = screen.getByRole('button', { name: 'Acme Holdings' });
    expect(open).toHaveAttribute('aria-haspopup', 'dialog');
    open.focus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(business);
  });

  it('shows the list state instead of cards: the spinner, the empty text, the error', () => {
    const props = {
      label: 'Businesses',
      rows: [],
      action: { kind: 'button', onOpen: () => undefined },
      ...cardParts,
    } as const;
    const { rerender } = renderScreen(<BusinessCardList {...props} state={{ kind: 'loading' }} />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();

    rerender(<BusinessCardList {...props} state={{ kind: 'empty' }} />);
    expect(screen.getByText('No data found')).toBeInTheDocument();

    rerender(
      <BusinessCardList
        {...props}
        state={{ kind: 'error', message: 'Error: Something went wrong :(' }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Something went wrong :(');
  });

  it('keeps the height of a page of one-line cards while loading, and only then', () => {
    const props = {
      label: 'Businesses',
      rows: [],
      action: { kind: 'button', onOpen: () => undefined },
      loadingRows: 10,
      ...cardParts,
    } as const;
    const { rerender } = renderScreen(<BusinessCardList {...props} state={{ kind: 'loading' }} />);
    const box = () => screen.getByText(/Loading|No data found/).closest('div[style], div.py-12');
    expect(box()).toHaveStyle({ height: '1189px' });
    rerender(<BusinessCardList {...props} state={{ kind: 'empty' }} />);
    expect(box()).not.toHaveAttribute('style');
  });
});
