import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Tabs } from './tabs.tsx';

const items = [
  { id: 'all', label: 'All clients', count: 1234 },
  { id: 'incorporated', label: 'Incorporated', count: undefined },
] as const;

describe('Tabs', () => {
  it('names each tab as it reads, its count included (WCAG 2.5.3, label in name)', () => {
    render(
      <Tabs label="Business status" items={items} selectedId="all" onSelect={() => undefined}>
        <p>Rows</p>
      </Tabs>,
    );
    const [all, incorporated] = screen.getAllByRole('tab');
    expect(all).toHaveTextContent('All clients1,234');
    expect(all).toHaveAccessibleName('All clients 1,234');
    expect(all).not.toHaveAccessibleDescription();
    // While the count loads, the tab shows '…' and is named by its label.
    expect(incorporated).toHaveTextContent('Incorporated…');
    expect(incorporated).toHaveAccessibleName('Incorporated');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('All clients 1,234');
  });
});
