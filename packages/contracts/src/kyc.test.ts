import { describe, expect, it } from 'vitest';
import { ANNUAL_INCOME_MESSAGE, annualIncomeSchema, kycStepSchemas } from './kyc.js';

describe('annual income (issue 14: it took any text, and My Profile showed it)', () => {
  it.each(['', '0', '48000', '48000.5', '48000.50', '999999999.99', ' 1200 '])('takes %j', (value) => {
    expect(annualIncomeSchema.safeParse(value).success).toBe(true);
  });

  it.each(['a lot', '48,000', '-1', '1e6', '012', '48000.505', '1000000000', '$48000', '48000 USD'])(
    'refuses %j with a plain message',
    (value) => {
      const result = annualIncomeSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(ANNUAL_INCOME_MESSAGE);
    },
  );

  it('is the rule of the financial step the API and the form share', () => {
    const step = {
      occupation: 'Engineer',
      industry: '',
      employeeName: '',
      sourceOfIncome: 'Salary',
      currency: 'USD',
      profile: '',
      auth: '',
    };
    expect(kycStepSchemas.financial.safeParse({ ...step, annualIncome: 'plenty' }).success).toBe(false);
    expect(kycStepSchemas.financial.safeParse({ ...step, annualIncome: '52000' }).success).toBe(true);
  });
});
