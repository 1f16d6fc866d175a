/*
 * The KYC form as a customer submits it (POST /verification/personal-info): every field the
 * form has, the required ones filled, the optional ones empty unless a test gives them.
 */
export function personalInfoForm(overrides: Record<string, string> = {}) {
  return {
    firstName: 'Grace',
    middleName: '',
    lastName: 'Hopper',
    dateOfBirth: '1990-12-09',
    gender: 'Female',
    maritalStatus: '',
    motherMaidenName: '',
    citizenship: 'US',
    address: '1 Navy Way',
    city: 'Arlington',
    postalCode: '22201',
    country: 'US',
    mobilePhone: '+1 555 0100',
    altPhoneNumber: '',
    faxNo: '',
    idType: 'Passport',
    idNumber: 'X1234567',
    incomeTaxNo: '',
    occupation: 'Engineer',
    industry: '',
    employeeName: '',
    annualIncome: '',
    sourceOfIncome: 'Salary',
    currency: '',
    profile: '',
    auth: '',
    ...overrides,
  };
}
