import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '#/testing/render-route.tsx';
import { onboardingMessages as m } from '../onboarding-form.ts';
import { OnboardingPage } from './onboarding-page.tsx';

const websiteHint = 'Provide valid URL in the format www.example.com';
const linkedinHint = 'Provide valid URL in the format www.linkedin.com/company/example';
const logoHint = 'SVG, PNG, JPG or GIF (max. 800x400px)';

function renderOnboarding() {
  // The file picker's `accept` filter is the browser's; the form must refuse other files itself.
  return renderScreen(<OnboardingPage />, {
    path: '/onboarding',
    userOptions: { applyAccept: false },
  });
}

type User = ReturnType<typeof renderOnboarding>['user'];

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Submit' }));
const shareholder = (n: number) => screen.getByRole('group', { name: `Shareholder ${n}` });
const shareholderGroups = () => screen.queryAllByRole('group', { name: /^Shareholder \d$/ });

async function fillValidForm(user: User) {
  await user.type(screen.getByLabelText('Company name'), 'Acme Holdings');
  await user.selectOptions(screen.getByLabelText('Industry'), 'Accountant');
  await user.selectOptions(screen.getByLabelText('Country of registration'), 'USA');
  await user.selectOptions(screen.getByLabelText('State of registration'), 'Colorado');
  await user.click(screen.getByLabelText('LLC'));
  await user.type(within(shareholder(1)).getByLabelText('Owner name'), 'Ada Obi');
  await user.type(within(shareholder(1)).getByLabelText('Ownership percentage'), '100');
  await user.type(screen.getByLabelText('Full name'), 'Ada Obi');
  await user.selectOptions(screen.getByLabelText('Country of residence'), 'Nigeria');
  await user.selectOptions(screen.getByLabelText('State of residence'), 'Lagos');
  await user.type(screen.getByLabelText('Address'), '12 Marina Road');
  await user.type(screen.getByLabelText('ZIP code'), '101-233');
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// The form's rules load on its first check (lib/lazy-resolver.ts). The first import of that
// chunk is transformed here, which takes seconds on a busy machine: done once before the tests,
// so their time limits measure the form rather than the transform.
beforeAll(async () => {
  await import('../onboarding-schema.ts');
}, 60_000);

describe('onboarding page', () => {
  it('labels every control, in its three sections', () => {
    const { container } = renderOnboarding();
    expect(screen.getByRole('heading', { level: 1, name: 'Onboarding' })).toBeInTheDocument();
    for (const title of ['Company details', 'Company owners', 'Personal details']) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
    for (const label of [
      'Company name',
      'Industry',
      'Country of registration',
      'State of registration',
      'Description (optional)',
      'LLC',
      'C-corp',
      'LTD',
      'PLC',
      'Website (optional)',
      'LinkedIn URL (optional)',
      'Company logo (optional)',
      'Number of shareholders',
      'Owner name',
      'Ownership percentage',
      'This owner is a company',
      'Full name',
      'Country of residence',
      'State of residence',
      'Address',
      'ZIP code',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('group', { name: 'Company type' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Shareholders' })).toBeInTheDocument();
    const controls = container.querySelectorAll('input, select, textarea');
    expect(controls.length).toBeGreaterThanOrEqual(20);
    for (const control of controls) expect(control).toHaveAccessibleName();
  });

  it('shows the URL and logo hints word for word', () => {
    renderOnboarding();
    expect(screen.getByLabelText('Website (optional)')).toHaveAccessibleDescription(websiteHint);
    expect(screen.getByLabelText('LinkedIn URL (optional)')).toHaveAccessibleDescription(
      linkedinHint,
    );
    expect(screen.getByLabelText('Company logo (optional)')).toHaveAccessibleDescription(logoHint);
    expect(screen.getByText(websiteHint)).toBeVisible();
    expect(screen.getByText(logoHint)).toBeVisible();
  });

  it("offers the chosen country's states, Colorado with its note, and clears the state on a new country", async () => {
    const { user } = renderOnboarding();
    const state = screen.getByLabelText('State of registration');
    expect(state).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Country of registration'), 'USA');
    expect(state).toBeEnabled();
    expect(
      within(state)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Select a state',
      'Colorado — $100 off + cheapest tax',
      'Delaware',
      'Wyoming',
      'Texas',
      'New Mexico',
    ]);
    await user.selectOptions(state, 'Colorado — $100 off + cheapest tax');
    expect(state).toHaveValue('Colorado');

    await user.selectOptions(screen.getByLabelText('Country of registration'), 'UK');
    expect(state).toHaveValue('');
    expect(
      within(state)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a state', 'England']);
  });

  it('follows the country of residence with its states', async () => {
    const { user } = renderOnboarding();
    const state = screen.getByLabelText('State of residence');
    expect(state).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Country of residence'), 'Kenya');
    expect(within(state).getByRole('option', { name: 'Nairobi' })).toBeInTheDocument();
    await user.selectOptions(state, 'Nairobi');
    await user.selectOptions(screen.getByLabelText('Country of residence'), 'Ghana');
    expect(state).toHaveValue('');
    expect(within(state).queryByRole('option', { name: 'Nairobi' })).not.toBeInTheDocument();
    expect(within(state).getByRole('option', { name: 'Greater Accra' })).toBeInTheDocument();
  });

  it('asks for every required field when submitted empty, and focuses the first', async () => {
    const { user } = renderOnboarding();
    await submit(user);
    // The first check waits for the rules' chunk.
    await waitFor(() =>
      expect(screen.getByLabelText('Company name')).toHaveAttribute('aria-invalid', 'true'),
    );

    const expected: [string, string][] = [
      ['Company name', m.companyNameRequired],
      ['Industry', m.industryRequired],
      ['Country of registration', m.registrationCountryRequired],
      ['Owner name', m.ownerNameRequired],
      ['Ownership percentage', m.percentageRequired],
      ['Full name', m.fullNameRequired],
      ['Country of residence', m.residenceCountryRequired],
      ['Address', m.addressRequired],
      ['ZIP code', m.zipRequired],
    ];
    for (const [label, message] of expected) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(message);
    }
    expect(screen.getByText('Company name is required.')).toHaveAttribute('role', 'alert');
    expect(screen.getByText(m.companyTypeRequired)).toHaveAttribute('role', 'alert');
    // Optional fields stay quiet, and no state is asked for before its country.
    for (const label of ['Description (optional)', 'Website (optional)', 'State of residence']) {
      expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid');
    }
    expect(screen.queryByText(m.percentageTotal)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Company name')).toHaveFocus());
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('asks for the state once the country is chosen', async () => {
    const { user } = renderOnboarding();
    await user.selectOptions(screen.getByLabelText('Country of registration'), 'USA');
    await submit(user);
    expect(screen.getByLabelText('State of registration')).toHaveAccessibleDescription(
      m.registrationStateRequired,
    );
    await user.selectOptions(screen.getByLabelText('State of registration'), 'Delaware');
    await waitFor(() =>
      expect(screen.queryByText(m.registrationStateRequired)).not.toBeInTheDocument(),
    );
  });

  it('refuses a website that is not an address, showing the hint as the error', async () => {
    const { user } = renderOnboarding();
    const website = screen.getByLabelText('Website (optional)');
    for (const bad of ['acme', 'http//x', 'www.acme', 'https://localhost']) {
      await user.clear(website);
      await user.type(website, bad);
      await submit(user);
      expect(website, bad).toHaveAttribute('aria-invalid', 'true');
      expect(website).toHaveAccessibleDescription(websiteHint);
      expect(screen.getByText(websiteHint)).toHaveAttribute('role', 'alert');
    }
    for (const good of ['www.acme.com', 'https://acme.io/x', 'ftp://files.acme.org', '']) {
      await user.clear(website);
      if (good) await user.type(website, good);
      await submit(user);
      expect(website, good).not.toHaveAttribute('aria-invalid');
      expect(website).toHaveAccessibleDescription(websiteHint);
      expect(screen.getByText(websiteHint)).not.toHaveAttribute('role');
    }
  });

  it('refuses a LinkedIn URL that is not an address, with its own hint', async () => {
    const { user } = renderOnboarding();
    const linkedin = screen.getByLabelText('LinkedIn URL (optional)');
    await user.type(linkedin, 'linkedin');
    await submit(user);
    expect(linkedin).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(linkedinHint)).toHaveAttribute('role', 'alert');
    await user.clear(linkedin);
    await user.type(linkedin, 'www.linkedin.com/company/acme');
    await waitFor(() => expect(linkedin).not.toHaveAttribute('aria-invalid'));
  });

  it('gives one row per shareholder and wants the shares to add up to 100%', async () => {
    const { user } = renderOnboarding();
    const count = screen.getByLabelText('Number of shareholders');
    expect(count).toHaveValue('1');
    expect(
      within(count)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2', '3', '4']);
    expect(shareholderGroups()).toHaveLength(1);

    await user.selectOptions(count, '3');
    expect(shareholderGroups()).toHaveLength(3);
    for (const n of [1, 2, 3]) {
      const row = within(shareholder(n));
      await user.type(row.getByLabelText('Owner name'), `Owner ${n}`);
      await user.type(row.getByLabelText('Ownership percentage'), '30');
      expect(row.getByLabelText('This owner is a company')).not.toBeChecked();
    }
    await user.click(within(shareholder(2)).getByLabelText('This owner is a company'));
    await submit(user);
    expect(screen.getByText(m.percentageTotal)).toHaveAttribute('role', 'alert');
    expect(m.percentageTotal).toBe('Ownership percentages must add up to 100%.');
    expect(within(shareholder(1)).getByLabelText('Ownership percentage')).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    const third = within(shareholder(3)).getByLabelText('Ownership percentage');
    await user.clear(third);
    await user.type(third, '40');
    await submit(user);
    expect(screen.queryByText(m.percentageTotal)).not.toBeInTheDocument();

    // Out of range or with too many decimals is the field's own problem, not the total's.
    await user.clear(third);
    await user.type(third, '140');
    await submit(user);
    expect(third).toHaveAccessibleDescription(m.percentageInvalid);

    await user.selectOptions(count, '2');
    expect(shareholderGroups()).toHaveLength(2);
    expect(within(shareholder(2)).getByLabelText('Owner name')).toHaveValue('Owner 2');
    expect(within(shareholder(2)).getByLabelText('This owner is a company')).toBeChecked();
    await submit(user);
    expect(screen.getByText(m.percentageTotal)).toBeInTheDocument();
  });

  it('accepts shares with two decimals that add up to 100%', async () => {
    const { user } = renderOnboarding();
    await fillValidForm(user);
    await user.selectOptions(screen.getByLabelText('Number of shareholders'), '3');
    const shares = ['33.33', '33.33', '33.34'];
    for (const [index, share] of shares.entries()) {
      const row = within(shareholder(index + 1));
      if (index > 0) await user.type(row.getByLabelText('Owner name'), `Owner ${index + 1}`);
      await user.clear(row.getByLabelText('Ownership percentage'));
      await user.type(row.getByLabelText('Ownership percentage'), share);
    }
    await submit(user);
    expect(await screen.findByText(m.previewSubmitted)).toBeInTheDocument();
  });

  it('checks ZIP codes: letters, digits, spaces and hyphens, up to 10', async () => {
    const { user } = renderOnboarding();
    const zip = screen.getByLabelText('ZIP code');
    await user.type(zip, '12345#');
    await submit(user);
    expect(zip).toHaveAccessibleDescription(m.zipInvalid);
    await user.clear(zip);
    await user.type(zip, 'SW1A 1AA-12');
    expect(zip).toHaveAccessibleDescription(m.zipInvalid);
    await user.clear(zip);
    await user.type(zip, 'SW1A 1AA');
    await waitFor(() => expect(zip).not.toHaveAttribute('aria-invalid'));
  });

  it('calls nothing on a valid submit, says so, and keeps the values', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const xhrSpy = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const { user } = renderOnboarding();
    await fillValidForm(user);
    await user.type(screen.getByLabelText('Website (optional)'), 'www.acme.com');
    await submit(user);

    const status = await screen.findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(m.previewSubmitted));
    expect(m.previewSubmitted).toBe(
      'Preview only: the form is valid, but onboarding is not connected yet, so nothing was saved or sent.',
    );
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(xhrSpy).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Company name')).toHaveValue('Acme Holdings');
    expect(screen.getByLabelText('State of registration')).toHaveValue('Colorado');
    expect(screen.getByLabelText('LLC')).toBeChecked();
    expect(screen.getByLabelText('ZIP code')).toHaveValue('101-233');

    // An edit makes the statement stale, so it goes until the next valid submit.
    await user.type(screen.getByLabelText('Address'), ', Lagos');
    expect(status).toBeEmptyDOMElement();
  });
});

/** An Image stand-in: jsdom does not decode images, so each test says what the file holds. */
function stubImageDecoding(size: { width: number; height: number } | 'unreadable') {
  const created: string[] = [];
  class FakeImage {
    naturalWidth = 0;
    naturalHeight = 0;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(url: string) {
      created.push(url);
      queueMicrotask(() => {
        if (size === 'unreadable') {
          this.onerror?.();
        } else {
          this.naturalWidth = size.width;
          this.naturalHeight = size.height;
          this.onload?.();
        }
      });
    }
  }
  vi.stubGlobal('Image', FakeImage);
  const revoked = vi.fn();
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, {
      createObjectURL: () => 'blob:logo',
      revokeObjectURL: revoked,
    }),
  );
  return { created, revoked };
}

const file = (name: string, type: string) => new File(['logo'], name, { type });

describe('onboarding logo', () => {
  it('refuses a file that is not an SVG, PNG, JPG or GIF', async () => {
    const { created } = stubImageDecoding({ width: 10, height: 10 });
    const { user } = renderOnboarding();
    const logo = screen.getByLabelText('Company logo (optional)');
    await user.upload(logo, file('report.pdf', 'application/pdf'));
    expect(await screen.findByText(m.logoType)).toHaveAttribute('role', 'alert');
    expect(logo).toHaveAttribute('aria-invalid', 'true');
    expect(logo).toHaveAccessibleDescription(`${logoHint} ${m.logoType}`);
    expect(created).toHaveLength(0);
  });

  it('refuses a raster image larger than 800x400 and takes one that fits', async () => {
    stubImageDecoding({ width: 801, height: 400 });
    const { user } = renderOnboarding();
    const logo = screen.getByLabelText('Company logo (optional)');
    await user.upload(logo, file('logo.png', 'image/png'));
    expect(await screen.findByText(m.logoTooLarge)).toBeInTheDocument();
    expect(m.logoTooLarge).toBe('The logo must be at most 800x400 pixels.');

    stubImageDecoding({ width: 800, height: 400 });
    await user.upload(logo, file('logo.jpg', 'image/jpeg'));
    await waitFor(() => expect(screen.queryByText(m.logoTooLarge)).not.toBeInTheDocument());
    expect(logo).not.toHaveAttribute('aria-invalid');
  });

  it('refuses an image that does not decode, and a bad logo blocks the submit', async () => {
    const { revoked } = stubImageDecoding('unreadable');
    const { user } = renderOnboarding();
    await fillValidForm(user);
    const logo = screen.getByLabelText('Company logo (optional)');
    await user.upload(logo, file('logo.gif', 'image/gif'));
    expect(await screen.findByText(m.logoUnreadable)).toBeInTheDocument();
    expect(revoked).toHaveBeenCalledWith('blob:logo');

    await submit(user);
    await waitFor(() => expect(logo).toHaveFocus());
    expect(screen.queryByText(m.previewSubmitted)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(screen.queryByText(m.logoUnreadable)).not.toBeInTheDocument();
    await submit(user);
    expect(await screen.findByText(m.previewSubmitted)).toBeInTheDocument();
  });

  it('takes an SVG by its type alone', async () => {
    const { created } = stubImageDecoding('unreadable');
    const { user } = renderOnboarding();
    const logo = screen.getByLabelText('Company logo (optional)');
    await user.upload(logo, file('logo.svg', 'image/svg+xml'));
    expect(screen.getByRole('button', { name: 'Remove logo' })).toBeInTheDocument();
    expect(logo).not.toHaveAttribute('aria-invalid');
    expect(created).toHaveLength(0);
  });
});
