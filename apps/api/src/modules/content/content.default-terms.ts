/**
 * The terms a fresh installation publishes as version 1, so that the sign-up form's "Terms
 * and Conditions" link never leads to an empty page (issue 23). They are a starting point,
 * written for this product as it works: the operator reviews them with counsel and publishes
 * their own version from the back office (Content > Terms), which every customer is then
 * asked to accept.
 */
export const DEFAULT_TERMS = {
  title: 'Terms and Conditions',
  body: `These terms govern your use of the QMGT gold savings platform. By creating an account you agree to them.

## 1. Your account

- You must be at least 18 years old and give true, complete details about yourself.
- Keep your password secret. You are responsible for what is done with your account; tell us at once if you think someone else has used it.
- One person, one account. We may close accounts opened with false details.

## 2. Identity verification

Before you can buy, sell or move assets we verify your identity (KYC), as the law requires of a custodial platform. We may ask for more documents at any time, and we may refuse or suspend an account when we cannot verify it.

## 3. Gold, tokens and prices

- Gold you buy is held for you by the platform. The quantity in grams shown in your account is what you own.
- Prices follow the market and change all the time. A quote shows the price and every fee before you confirm, and holds for the time it states.
- Completed transactions cannot be undone, except where these terms or the law say otherwise.

## 4. Fees

Every fee is shown before you confirm an operation. Fees in force are published in the app.

## 5. Risks

The value of gold and of tokens can go down as well as up. Past prices do not tell future ones. Save only what you can set aside.

## 6. Your data

We use your personal data to run your account, to meet our legal duties (identity checks, record keeping, preventing fraud) and to answer you. We do not sell it.

## 7. Changes to these terms

We may change these terms. A new version is shown to you when you next sign in, and you are asked to accept it before going on.

## 8. Contact

Questions about these terms: write to us from the Contact Us page.`,
};
