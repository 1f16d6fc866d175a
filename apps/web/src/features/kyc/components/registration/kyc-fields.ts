import { GENDERS, ID_TYPES, KYC_STEPS, MARITAL_STATUSES, type KycFormField, type KycStep } from '@qmgt/contracts';

export type FieldSpec = {
  name: KycFormField;
  label: string;
  kind: 'text' | 'date' | 'tel' | 'select' | 'segmented' | 'country';
  options?: readonly string[];
  required?: boolean;
  description?: string;
  placeholder?: string;
  autoComplete?: string;
  /** The on-screen keyboard a phone shows, e.g. digits for an amount. */
  inputMode?: 'decimal';
};

/** The step titles, in the order of KYC_STEPS. */
export const STEP_TITLES: Record<KycStep, { label: string; title: string }> = {
  personal: { label: 'Personal', title: 'Personal details' },
  contact: { label: 'Contact', title: 'Address and contact' },
  identity: { label: 'Identity', title: 'Identity document' },
  financial: { label: 'Financial', title: 'Work and income' },
};

/** Every field of SPEC.md section 3's KYC form, on the step whose schema checks it. */
export const STEP_FIELDS: Record<KycStep, FieldSpec[]> = {
  personal: [
    { name: 'firstName', label: 'First name', kind: 'text', required: true, autoComplete: 'given-name' },
    { name: 'middleName', label: 'Middle name', kind: 'text', autoComplete: 'additional-name' },
    { name: 'lastName', label: 'Last name', kind: 'text', required: true, autoComplete: 'family-name' },
    {
      name: 'dateOfBirth',
      label: 'Date of birth',
      kind: 'date',
      required: true,
      autoComplete: 'bday',
      description: 'As on your identity document',
    },
    { name: 'gender', label: 'Gender', kind: 'segmented', options: GENDERS, required: true },
    { name: 'maritalStatus', label: 'Marital status', kind: 'select', options: MARITAL_STATUSES },
    { name: 'motherMaidenName', label: "Mother's maiden name", kind: 'text' },
    { name: 'citizenship', label: 'Citizenship', kind: 'country', required: true },
  ],
  contact: [
    { name: 'address', label: 'Address', kind: 'text', required: true, autoComplete: 'street-address' },
    { name: 'city', label: 'City', kind: 'text', required: true, autoComplete: 'address-level2' },
    { name: 'postalCode', label: 'Postal code', kind: 'text', required: true, autoComplete: 'postal-code' },
    { name: 'country', label: 'Country of residence', kind: 'country', required: true },
    {
      name: 'mobilePhone',
      label: 'Mobile phone',
      kind: 'tel',
      required: true,
      autoComplete: 'tel',
      placeholder: '+60 12 345 6789',
    },
    { name: 'altPhoneNumber', label: 'Alternative phone', kind: 'tel' },
    { name: 'faxNo', label: 'Fax number', kind: 'tel' },
  ],
  identity: [
    { name: 'idType', label: 'ID type', kind: 'segmented', options: ID_TYPES, required: true },
    { name: 'idNumber', label: 'ID number', kind: 'text', required: true, description: 'As printed on the document' },
    { name: 'incomeTaxNo', label: 'Income tax number', kind: 'text' },
  ],
  financial: [
    { name: 'occupation', label: 'Occupation', kind: 'text', required: true, autoComplete: 'organization-title' },
    { name: 'industry', label: 'Industry', kind: 'text' },
    { name: 'employeeName', label: 'Employer name', kind: 'text', autoComplete: 'organization' },
    {
      name: 'annualIncome',
      label: 'Annual income',
      kind: 'text',
      inputMode: 'decimal',
      placeholder: 'e.g. 48000',
      description: 'An amount in your income currency, digits only',
    },
    { name: 'currency', label: 'Income currency', kind: 'text', placeholder: 'e.g. USD' },
    {
      name: 'sourceOfIncome',
      label: 'Source of income',
      kind: 'text',
      required: true,
      placeholder: 'e.g. Salary, business, savings',
    },
    { name: 'profile', label: 'Profile', kind: 'text', description: 'Anything about your background we should know' },
    {
      name: 'auth',
      label: 'Authorised representative',
      kind: 'text',
      description: 'Someone who may act for you, if any',
    },
  ],
};

export type StepValues = Record<string, string>;

/** Every field of the form, in the order of the sections (the old steps). */
export const ALL_FIELDS: FieldSpec[] = KYC_STEPS.flatMap((step) => STEP_FIELDS[step]);

/**
 * The saved values with the sensible defaults where nothing is saved yet: the browser's
 * country for citizenship and residence, a passport as the ID type. The customer can change
 * every one of them.
 */
export function detailsDefaults(form: Record<string, string>, country: string): StepValues {
  const values = Object.fromEntries(ALL_FIELDS.map((field) => [field.name, form[field.name] ?? '']));
  if (!values.citizenship) values.citizenship = country;
  if (!values.country) values.country = country;
  if (!values.idType) values.idType = 'Passport';
  return values;
}
