/**
 * Checks of the OpenAPI contract that still fail in code other sessions own (issue 8), each
 * with its owner. The tests that read this skip only the named check for the named operation;
 * remove an entry when its fix lands. schemathesis.toml keeps the same list for schemathesis.
 */
export const PENDING_ELSEWHERE: Record<
  string,
  { authAfterBody?: true; validRefused?: true; serverError?: true; undocumented?: number[]; owner: string }
> = {
  // The money routes still guard at preHandler; the lead's rewrite moves them to onRequest.
  'POST /api/swap/quote': {
    authAfterBody: true,
    validRefused: true,
    owner: 'money path: amounts under the minimum answer 400',
  },
  'POST /api/swap': {
    authAfterBody: true,
    undocumented: [404],
    owner: 'money path: an unknown quote is an undocumented 404',
  },
  'POST /api/sell-token': { authAfterBody: true, validRefused: true, owner: 'money path: amount "0" answers 400' },
  'GET /api/transactions': { authAfterBody: true, owner: 'money path' },
  'GET /api/transaction-details/{id}/{transactionType}': { authAfterBody: true, owner: 'money path' },
  'GET /api/transactions/{transactionType}/{transactionCode}': { authAfterBody: true, owner: 'money path' },
  'GET /api/getAccountAddress/{userHash}': { authAfterBody: true, owner: 'money path' },
  'POST /api/dev/faucet': {
    authAfterBody: true,
    validRefused: true,
    owner: 'sandbox: an amount outside 0-10000 answers 400',
  },
  'POST /api/dev/kyc/review': { serverError: true, owner: 'sandbox lockdown: a non-UUID userId reaches the database' },
};
