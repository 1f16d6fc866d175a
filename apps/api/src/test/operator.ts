/** The back-office account tests start the app with (`build({ operator: DEFAULT_OPERATOR })`). */
export const DEFAULT_OPERATOR = { email: 'ops@example.com', password: 'operator-password-1' };
