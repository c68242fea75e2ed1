import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '#/testing/render-route.tsx';
import { NotFoundPage } from './not-found-page.tsx';

describe('not-found page', () => {
  it('says so and leads to the home page', async () => {
    const { user } = renderScreen(<NotFoundPage />, { path: '/no/such/page' });
    expect(screen.getByRole('heading', { name: 'OOPS! Page not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to homepage' }));
    expect(await screen.findByText('Went to /business')).toBeInTheDocument();
  });
});
