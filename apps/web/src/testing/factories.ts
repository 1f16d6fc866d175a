import type { SessionResponse, User } from '@qmgt/contracts';

let sequence = 0;

/** A client record as the API answers it; override what a test cares about. */
export function buildUser(overrides: Partial<User> = {}): User {
  sequence += 1;
  return {
    id: `user-${sequence}`,
    username: `saver${sequence}`,
    email: `saver${sequence}@example.test`,
    userHash: `hash${sequence}`,
    refCode: `REF${sequence}`,
    kycVerified: 'Not Verified',
    confirmed: true,
    role: 'customer',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function buildSession(overrides: Partial<User> = {}): SessionResponse {
  const user = buildUser(overrides);
  return { jwt: `jwt-for-${user.id}`, user };
}

/** An error body in the one shape every API failure uses (DESIGN.md section 4). */
export function apiErrorBody(
  status: number,
  message: string,
  name = 'ValidationError',
  details: Record<string, unknown> = {},
) {
  return { error: { status, name, message, details } };
}

/** A customer's answers to the first three KYC steps (personal, address and contact, identity), all valid. */
export const kycStepsOneToThree = {
  firstName: 'Ana',
  lastName: 'Lim',
  dateOfBirth: '1990-05-17',
  gender: 'Female',
  citizenship: 'Malaysian',
  address: '1 Jalan Emas',
  city: 'Kuala Lumpur',
  postalCode: '50000',
  country: 'Malaysia',
  mobilePhone: '+60 12 345 6789',
  idType: 'Passport',
  idNumber: 'A1234567',
};
