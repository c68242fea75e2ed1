/**
 * Country → states/regions, the static list of docs/product.md §3 (about 20 countries).
 * Used by the seed, by filters and by the edit dialogs.
 */
export const countryStates: Record<string, readonly string[]> = {
  Canada: [
    'Alberta',
    'British Columbia',
    'Manitoba',
    'New Brunswick',
    'Newfoundland and Labrador',
    'Nova Scotia',
    'Ontario',
    'Prince Edward Island',
    'Quebec',
    'Saskatchewan',
  ],
  USA: [
    'Alabama',
    'Alaska',
    'Arizona',
    'California',
    'Colorado',
    'Delaware',
    'Florida',
    'Georgia',
    'Illinois',
    'Massachusetts',
    'Nevada',
    'New Mexico',
    'New York',
    'Texas',
    'Washington',
    'Wyoming',
  ],
  UAE: ['Abu Dhabi', 'Ajman', 'Dubai', 'Fujairah', 'Ras Al Khaimah', 'Sharjah', 'Umm Al Quwain'],
  UK: ['England', 'Northern Ireland', 'Scotland', 'Wales'],
  Nigeria: ['Abuja FCT', 'Enugu', 'Kaduna', 'Kano', 'Lagos', 'Ogun', 'Oyo', 'Rivers'],
  'South Africa': [
    'Eastern Cape',
    'Free State',
    'Gauteng',
    'KwaZulu-Natal',
    'Limpopo',
    'Mpumalanga',
    'North West',
    'Northern Cape',
    'Western Cape',
  ],
  Ethiopia: ['Addis Ababa', 'Amhara', 'Dire Dawa', 'Oromia', 'Sidama', 'Tigray'],
  Kenya: ['Kisumu', 'Kiambu', 'Machakos', 'Mombasa', 'Nairobi', 'Nakuru'],
  Egypt: ['Alexandria', 'Aswan', 'Cairo', 'Giza', 'Luxor', 'Port Said'],
  Ghana: ['Ashanti', 'Central', 'Eastern', 'Greater Accra', 'Northern', 'Volta', 'Western'],
  Morocco: [
    'Casablanca-Settat',
    'Fès-Meknès',
    'Marrakech-Safi',
    'Rabat-Salé-Kénitra',
    'Souss-Massa',
    'Tanger-Tétouan-Al Hoceïma',
  ],
  Tanzania: ['Arusha', 'Dar es Salaam', 'Dodoma', 'Mwanza', 'Zanzibar'],
  Algeria: ['Algiers', 'Annaba', 'Blida', 'Constantine', 'Oran', 'Sétif'],
  Uganda: ['Central', 'Eastern', 'Northern', 'Western'],
  Tunisia: ['Ariana', 'Ben Arous', 'Nabeul', 'Sfax', 'Sousse', 'Tunis'],
  Zimbabwe: ['Bulawayo', 'Harare', 'Manicaland', 'Mashonaland East', 'Masvingo', 'Midlands'],
  Rwanda: ['Eastern', 'Kigali', 'Northern', 'Southern', 'Western'],
  Senegal: ['Dakar', 'Diourbel', 'Saint-Louis', 'Thiès', 'Ziguinchor'],
  Cameroon: ['Adamawa', 'Centre', 'East', 'Littoral', 'North', 'West'],
  Zambia: ['Central', 'Copperbelt', 'Eastern', 'Lusaka', 'Southern'],
};
export const countries = Object.keys(countryStates);

/** Countries of incorporation offered when editing a business (docs/product.md §2). */
export const incorporationCountries = ['USA', 'UK', 'CANADA', 'UAE'] as const;
export type IncorporationCountry = (typeof incorporationCountries)[number];

/** States of incorporation per country; Colorado carries its promotional note. */
export const incorporationStates: Record<
  IncorporationCountry,
  readonly { value: string; note?: string }[]
> = {
  USA: [
    { value: 'Colorado', note: '$100 off + cheapest tax' },
    { value: 'Delaware' },
    { value: 'Wyoming' },
    { value: 'Texas' },
    { value: 'New Mexico' },
  ],
  CANADA: [{ value: 'Ontario' }],
  UAE: [{ value: 'Dubai' }],
  UK: [{ value: 'England' }],
};
