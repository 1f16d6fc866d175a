import { describe, expect, it } from 'vitest';
import { canResubmit, fillFromDocument, isStale, kycStatusFor, parseEventTime, reviewAfterEvent } from './kyc.rules.js';

describe('kyc status from the provider review', () => {
  it('completed GREEN is the only way to Verified', () => {
    expect(kycStatusFor({ reviewStatus: 'completed', reviewAnswer: 'GREEN' })).toBe('Verified');
    expect(kycStatusFor({ reviewStatus: 'pending', reviewAnswer: 'GREEN' })).toBe('Pending');
    expect(kycStatusFor({ reviewStatus: 'init', reviewAnswer: null })).toBe('Not Verified');
  });
  it('completed RED is Rejected', () =>
    expect(kycStatusFor({ reviewStatus: 'completed', reviewAnswer: 'RED' })).toBe('Rejected'));
  it('on hold is Pending', () => expect(kycStatusFor({ reviewStatus: 'onHold', reviewAnswer: null })).toBe('Pending'));
});

describe('resubmission', () => {
  const red = (type: 'RETRY' | 'FINAL') => ({
    reviewStatus: 'completed',
    reviewAnswer: 'RED' as const,
    reviewRejectType: type,
  });
  it('RETRY allows it', () => expect(canResubmit(red('RETRY'))).toBe(true));
  it('FINAL does not', () => expect(canResubmit(red('FINAL'))).toBe(false));
  it('a verified user has nothing to resubmit', () =>
    expect(canResubmit({ reviewStatus: 'completed', reviewAnswer: 'GREEN', reviewRejectType: null })).toBe(false));
  it('nobody reviewed yet may submit', () => expect(canResubmit(undefined)).toBe(true));
});

describe('webhook events', () => {
  it('applicantReviewed RED without a type counts as RETRY', () => {
    expect(reviewAfterEvent({ type: 'applicantReviewed', reviewResult: { reviewAnswer: 'RED' } })).toMatchObject({
      reviewStatus: 'completed',
      reviewAnswer: 'RED',
      reviewRejectType: 'RETRY',
    });
  });
  it('applicantReset clears the review', () =>
    expect(reviewAfterEvent({ type: 'applicantReset' })).toMatchObject({ reviewStatus: 'init', reviewAnswer: null }));
  it('an event that does not concern the review changes nothing', () =>
    expect(reviewAfterEvent({ type: 'applicantPersonalInfoChanged' })).toBeUndefined());
});

describe('event time and order', () => {
  it("reads Sumsub's createdAtMs format as UTC", () =>
    expect(parseEventTime('2020-02-21 13:23:19.321')?.toISOString()).toBe('2020-02-21T13:23:19.321Z'));
  it('rejects garbage', () => expect(parseEventTime('yesterday')).toBeUndefined());
  it('an older event is stale, the same instant is not', () => {
    const last = new Date('2026-01-01T10:00:00Z');
    expect(isStale(new Date('2026-01-01T09:59:59Z'), last)).toBe(true);
    expect(isStale(new Date('2026-01-01T10:00:00Z'), last)).toBe(false);
  });
});

describe('filling a draft from the document', () => {
  it('fills only empty fields and names the ones it filled', () => {
    const { form, filled } = fillFromDocument(
      { firstName: 'Annie', lastName: '  ', city: 'Oslo' },
      { firstName: 'Anna', lastName: 'Eriksson', idNumber: 'L898902C3', middleName: '' },
    );
    expect(form).toEqual({ firstName: 'Annie', lastName: 'Eriksson', city: 'Oslo', idNumber: 'L898902C3' });
    expect(filled).toEqual(['lastName', 'idNumber']);
  });

  it('changes nothing when every field is already typed', () => {
    expect(fillFromDocument({ lastName: 'Smith' }, { lastName: 'Eriksson' })).toEqual({
      form: { lastName: 'Smith' },
      filled: [],
    });
  });
});
