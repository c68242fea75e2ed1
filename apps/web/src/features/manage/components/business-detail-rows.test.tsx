import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, within } from '@testing-library/react';
import { useParams } from 'react-router';
import {
  businessDetailLabels,
  errorMessages,
  incorporationStates,
  successMessages,
  type BusinessDetail,
  type EditableBusinessDetail,
} from '@fd/contract';
import { clearSession } from '#/lib/session.ts';
import { businessDetailFixture } from '#/testing/business-fixtures.ts';
import { startTestServer, type Handler, type RecordedRequest } from '#/testing/http-server.ts';
// Types only: the modules are imported once the server has a port (the app reads its base URL once).
import type * as testing from '#/testing/render-route.tsx';
import type * as queries from '#/lib/business-queries.ts';
import type * as rows from './business-detail-rows.tsx';

// Each step waits on a real server: room for a busy machine.
configure({ asyncUtilTimeout: 4000 });

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let modules: { testing: typeof testing; queries: typeof queries; rows: typeof rows };
/** The business as the server has it; a successful edit changes it. */
let business: BusinessDetail;
/** How the server answers the edit; by default it applies it. */
let answerEdit: Handler;

const uuid = businessDetailFixture().uuid;
const detailUrl = `/api/v1/manager/business/detail/${uuid}/`;
const editUrl = `/api/v1/business/setup/${uuid}/`;

const setupDetails = (detail: BusinessDetail) => ({
  id: detail.id,
  uuid: detail.uuid,
  business_name: detail.business_name,
  business_industry: detail.business_industry,
  company_type: detail.company_type,
  country_of_incorporation: detail.country_of_incorporation,
  state_of_incorporation: detail.state_of_incorporation,
  incorporation_number: detail.incorporation_number,
  incorporation_date: detail.incorporation_date,
  new_business_formation_address: detail.new_business_formation_address,
  tax_id: detail.tax_id,
});

const applyEdit: Handler = (request) => {
  business = { ...business, ...(JSON.parse(request.body) as Partial<BusinessDetail>) };
  return { status: 200, body: { message: 'Updated', data: setupDetails(business) } };
};

const edits = () => server.requests.filter((request) => request.method === 'PUT');

beforeAll(async () => {
  server = await startTestServer((request: RecordedRequest) => {
    if (request.method === 'GET' && request.url === detailUrl) {
      return { status: 200, body: { data: business } };
    }
    if (request.method === 'PUT' && request.url === editUrl) return answerEdit(request);
    return { status: 404, body: { errors: { detail: 'Not found.' } } };
  });
  vi.stubEnv('VITE_API_BASE_URL', `${server.url}/api/v1`);
  modules = {
    testing: await import('#/testing/render-route.tsx'),
    queries: await import('#/lib/business-queries.ts'),
    rows: await import('./business-detail-rows.tsx'),
  };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  business = businessDetailFixture();
  answerEdit = applyEdit;
});
afterEach(() => act(() => clearSession()));

/** The rows of the business the server holds, refetched as the manage page does. */
function Rows() {
  const { businessUUID = '' } = useParams();
  const query = modules.queries.useBusinessDetail(businessUUID);
  return query.data ? <modules.rows.BusinessDetailRows business={query.data} /> : null;
}

async function renderRows(overrides: Partial<BusinessDetail> = {}) {
  business = { ...business, ...overrides };
  modules.testing.storeSession();
  const view = modules.testing.renderScreen(<Rows />, {
    path: '/manage-business/:businessUUID',
    initialEntry: `/manage-business/${uuid}`,
  });
  await screen.findByText('Business Name', { selector: 'dt' });
  return view;
}

/** The value shown under a row's label (its Edit button aside). */
const valueOf = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.firstElementChild?.textContent;
const rowOf = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement;
const editButton = (label: string) => screen.getByRole('button', { name: `Edit ${label}` });

// Real requests, each test several: room for a busy machine running files side by side.
describe('business detail rows', { timeout: 15_000 }, () => {
  it('shows every row in order, Nil for empty values, and no Edit on the incorporation number', async () => {
    await renderRows({ tax_id: null, new_business_formation_address: '  ' });
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Business Name',
      'Industry',
      'Company Type',
      'Country of Incorporation',
      'State of Incorporation',
      'Incorporation Number',
      'Business Address',
      'Date of Incorporation',
      'Tax EIN',
    ]);
    expect(valueOf('Business Name')).toBe('Acme Holdings');
    expect(valueOf('Incorporation Number')).toBe('DE-778812');
    expect(valueOf('Date of Incorporation')).toBe('3/14/2025');
    expect(valueOf('Tax EIN')).toBe('Nil');
    expect(valueOf('Business Address')).toBe('Nil');

    expect(within(rowOf('Incorporation Number')).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Edit / })).toHaveLength(8);
    for (const label of Object.values(businessDetailLabels)) {
      expect(editButton(label)).toHaveTextContent('Edit');
    }
  });

  const cases: {
    field: EditableBusinessDetail;
    change: (user: ReturnType<typeof testing.renderScreen>['user']) => Promise<void>;
    sent: string;
    shown: string;
  }[] = [
    {
      field: 'business_name',
      change: async (user) => {
        await user.clear(screen.getByRole('textbox', { name: 'Business Name' }));
        await user.type(screen.getByRole('textbox', { name: 'Business Name' }), 'Acme Group');
      },
      sent: 'Acme Group',
      shown: 'Acme Group',
    },
    {
      field: 'business_industry',
      change: (user) =>
        user.selectOptions(screen.getByRole('combobox', { name: 'Industry' }), 'Accountant'),
      sent: 'Accountant',
      shown: 'Accountant',
    },
    {
      field: 'company_type',
      change: (user) =>
        user.selectOptions(screen.getByRole('combobox', { name: 'Company Type' }), 'PLC'),
      sent: 'PLC',
      shown: 'PLC',
    },
    {
      field: 'country_of_incorporation',
      change: (user) =>
        user.selectOptions(
          screen.getByRole('combobox', { name: 'Country of Incorporation' }),
          'CANADA',
        ),
      sent: 'CANADA',
      shown: 'CANADA',
    },
    {
      field: 'state_of_incorporation',
      change: (user) =>
        user.selectOptions(
          screen.getByRole('combobox', { name: 'State of Incorporation' }),
          'Wyoming',
        ),
      sent: 'Wyoming',
      shown: 'Wyoming',
    },
    {
      field: 'new_business_formation_address',
      change: async (user) => {
        await user.clear(screen.getByRole('textbox', { name: 'Business Address' }));
        await user.type(screen.getByRole('textbox', { name: 'Business Address' }), '9 Pier Road');
      },
      sent: '9 Pier Road',
      shown: '9 Pier Road',
    },
    {
      field: 'incorporation_date',
      change: async (user) => {
        await user.clear(screen.getByLabelText('Date of Incorporation'));
        await user.type(screen.getByLabelText('Date of Incorporation'), '2024-01-02');
      },
      sent: '2024-01-02',
      shown: '1/2/2024',
    },
    {
      field: 'tax_id',
      change: async (user) => {
        await user.clear(screen.getByRole('textbox', { name: 'Tax EIN' }));
        await user.type(screen.getByRole('textbox', { name: 'Tax EIN' }), '98-7654321');
      },
      sent: '98-7654321',
      shown: '98-7654321',
    },
  ];

  it.each(cases)(
    'edits $field alone: PUT with only that field, the exact toast, the new value',
    async ({ field, change, sent, shown }) => {
      const { user } = await renderRows();
      const label = businessDetailLabels[field];
      await user.click(editButton(label));
      await change(user);
      await user.click(screen.getByRole('button', { name: 'Save' }));

      expect(await screen.findByText(`Successfully updated ${label} Details`)).toBeInTheDocument();
      expect(successMessages.businessUpdated(label)).toBe(`Successfully updated ${label} Details`);
      expect(edits()).toHaveLength(1);
      expect(edits()[0]!.url).toBe(editUrl);
      expect(edits()[0]!.contentType).toBe('application/json');
      expect(JSON.parse(edits()[0]!.body)).toEqual({ [field]: sent });

      // The editor closes on the refetched value, and focus is back on the row's Edit button.
      expect(valueOf(label)).toBe(shown);
      expect(editButton(label)).toHaveFocus();
    },
  );

  it('saves on Enter and cancels on Escape, returning focus to Edit', async () => {
    const { user } = await renderRows();
    await user.click(editButton('Business Name'));
    const input = screen.getByRole('textbox', { name: 'Business Name' });
    expect(input).toHaveFocus();
    await user.type(input, ' Two{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Business Name' })).not.toBeInTheDocument();
    expect(editButton('Business Name')).toHaveFocus();
    expect(valueOf('Business Name')).toBe('Acme Holdings');

    await user.keyboard('{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Business Name' }), ' Two{Enter}');
    expect(await screen.findByText(successMessages.businessUpdated('Business Name'))).toBeVisible();
    expect(edits().map((request) => JSON.parse(request.body) as unknown)).toEqual([
      { business_name: 'Acme Holdings Two' },
    ]);
    expect(editButton('Business Name')).toHaveFocus();

    // A select saves on Enter too.
    await user.click(editButton('Company Type'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Company Type' }), 'LTD');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(successMessages.businessUpdated('Company Type'))).toBeVisible();
    expect(JSON.parse(edits()[1]!.body)).toEqual({ company_type: 'LTD' });
  });

  it("offers the states of the business's country", async () => {
    const { user, unmount } = await renderRows();
    await user.click(editButton('State of Incorporation'));
    const usaStates = within(
      screen.getByRole('combobox', { name: 'State of Incorporation' }),
    ).getAllByRole('option');
    expect(usaStates.map((option) => option.getAttribute('value'))).toEqual(
      incorporationStates.USA.map((state) => state.value),
    );
    expect(usaStates[0]).toHaveTextContent('Colorado ($100 off + cheapest tax)');
    expect(screen.getByRole('combobox', { name: 'State of Incorporation' })).toHaveValue(
      'Delaware',
    );
    unmount();

    const uk = await renderRows({ country_of_incorporation: 'UK', state_of_incorporation: null });
    await uk.user.click(editButton('State of Incorporation'));
    const select = screen.getByRole('combobox', { name: 'State of Incorporation' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'England']);
    expect(within(select).getByRole('option', { name: 'Choose…' })).toBeDisabled();
  });

  it('asks for a country before a state when the business has none', async () => {
    const { user } = await renderRows({
      country_of_incorporation: null,
      state_of_incorporation: null,
    });
    await user.click(editButton('State of Incorporation'));
    expect(
      screen.getByText('Set the country of incorporation first: the states offered follow it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(editButton('State of Incorporation')).toHaveFocus();
    expect(edits()).toHaveLength(0);
  });

  it('says when a new country clears the state, and sends the country alone', async () => {
    const { user } = await renderRows();
    await user.click(editButton('Country of Incorporation'));
    const select = screen.getByRole('combobox', { name: 'Country of Incorporation' });
    expect(select).toHaveValue('USA');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['USA', 'UK', 'CANADA', 'UAE']);
    expect(select).toHaveAccessibleDescription(
      'The state of incorporation is kept only if it is a state of the new country.',
    );

    await user.selectOptions(select, 'UK');
    expect(select).toHaveAccessibleDescription(
      'Saving clears the state of incorporation (Delaware): it is not a state of UK.',
    );

    // The server clears the state that is not the new country's (decision 21).
    answerEdit = (request) => {
      business = { ...business, country_of_incorporation: 'UK', state_of_incorporation: null };
      return applyEdit(request);
    };
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(successMessages.businessUpdated('Country of Incorporation')),
    ).toBeVisible();
    expect(JSON.parse(edits()[0]!.body)).toEqual({ country_of_incorporation: 'UK' });
    expect(valueOf('Country of Incorporation')).toBe('UK');
    expect(valueOf('State of Incorporation')).toBe('Nil');
  });

  it("checks the field with the contract's rule before sending", async () => {
    const { user } = await renderRows();
    await user.click(editButton('Tax EIN'));
    const input = screen.getByRole('textbox', { name: 'Tax EIN' });
    await user.clear(input);
    await user.type(input, '123{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'tax_id must be an EIN in the format NN-NNNNNNN.',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(edits()).toHaveLength(0);
  });

  it("shows the server's first validation message on a 400", async () => {
    answerEdit = () => ({
      status: 400,
      body: {
        errors: {
          detail: 'incorporation_date must not be after 2026-11-22.',
          validations: { incorporation_date: ['incorporation_date must not be after 2026-11-22.'] },
        },
      },
    });
    const { user } = await renderRows();
    await user.click(editButton('Date of Incorporation'));
    await user.clear(screen.getByLabelText('Date of Incorporation'));
    await user.type(screen.getByLabelText('Date of Incorporation'), '2024-05-06{Enter}');
    expect(
      await screen.findByText('incorporation_date must not be after 2026-11-22.'),
    ).toBeVisible();
    expect(screen.queryByText(errorMessages.businessEdit)).not.toBeInTheDocument();
    // The editor stays open with what was typed.
    expect(screen.getByLabelText('Date of Incorporation')).toHaveValue('2024-05-06');
  });

  it("shows 'Error updating business details' for any other failure", async () => {
    answerEdit = () => ({ status: 500, raw: '<html>Bad gateway</html>' });
    const { user } = await renderRows();
    await user.click(editButton('Business Name'));
    await user.type(screen.getByRole('textbox', { name: 'Business Name' }), ' Ltd{Enter}');
    expect(await screen.findByText('Error updating business details')).toBeVisible();
    expect(errorMessages.businessEdit).toBe('Error updating business details');
  });

  it("shows 'Saving...' while the edit is on its way", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    answerEdit = async (request) => {
      await held;
      return applyEdit(request);
    };
    const { user } = await renderRows();
    await user.click(editButton('Business Name'));
    await user.type(screen.getByRole('textbox', { name: 'Business Name' }), ' Ltd{Enter}');
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();
    expect(await screen.findByText(successMessages.businessUpdated('Business Name'))).toBeVisible();
    expect(valueOf('Business Name')).toBe('Acme Holdings Ltd');
  });
});
