import { emailSchema } from '@qmgt/contracts';
import type { Db } from '../db/client.js';
import { unprocessable } from './errors.js';
import { maskedName } from './masked-name.js';
import { usersService, type UserRow } from '../modules/users/index.js';

/*
 * Who a customer sends to, found by e-mail or referral code: the one look-up behind Remit to
 * save and Gift gold (each route counts it against the customer's look-up budget). Nobody with
 * this address and a customer not yet verified get one answer, so a look-up does not tell a
 * sender which addresses belong to a customer (the audit of issue 24); oneself is named, since
 * a sender knows their own address anyway.
 */

/** The one answer for an address or code nobody verified has (Remit; Gift gold for a code). */
export const NO_RECIPIENT = 'No verified customer has this e-mail or referral code.';

/** A verified customer, or (given an e-mail) an address no verified customer has. */
export type RecipientFound = { user: UserRow } | { email: string };

/**
 * The recipient `given` names for `senderId`: a verified customer, or an e-mail no verified
 * customer has; a referral code nobody verified has answers `NO_RECIPIENT` (422), and oneself
 * answers `self` (422).
 */
export async function findRecipient(db: Db, senderId: string, given: string, self: string): Promise<RecipientFound> {
  const text = given.trim();
  const isEmail = text.includes('@');
  const user = isEmail ? await usersService.findByEmail(db, text) : await usersService.findByRefCode(db, text);
  if (user?.id === senderId) throw unprocessable(self, { field: 'recipient' });
  if (user && user.kycStatus === 'Verified') return { user };
  if (!isEmail) throw unprocessable(NO_RECIPIENT, { field: 'recipient' });
  const email = emailSchema.safeParse(text);
  if (!email.success) throw unprocessable('Enter a valid e-mail address or a referral code.', { field: 'recipient' });
  return { email: email.data.trim().toLowerCase() };
}

/** Only a verified customer: an address nobody verified has answers as a code does. */
export async function findVerifiedRecipient(db: Db, senderId: string, given: string, self: string): Promise<UserRow> {
  const found = await findRecipient(db, senderId, given, self);
  if ('user' in found) return found.user;
  throw unprocessable(NO_RECIPIENT, { field: 'recipient' });
}

export { maskedName };

/** Masked names of several customers, from their KYC forms read at once (two queries for a page). */
export async function maskedNames(
  db: Db,
  forms: (ids: string[]) => Promise<Map<string, { firstName?: string; middleName?: string; lastName?: string }>>,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const users = await usersService.byIds(db, ids);
  const formsOf = await forms([...users.keys()]);
  const names = new Map<string, string>();
  for (const [id, user] of users) {
    const form = formsOf.get(id) ?? {};
    names.set(id, maskedName([form.firstName, form.middleName, form.lastName], user.username));
  }
  return names;
}
