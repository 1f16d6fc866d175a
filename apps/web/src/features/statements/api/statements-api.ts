import { annualStatementSchema, apiPaths } from '@qmgt/contracts';
import { infiniteQueryOptions, mutationOptions } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { saveBlobAs } from '@/lib/files';

/* The annual statement (DESIGN.md section 11): GET /statements/annual, and its PDF and CSV. */

export const statementKeys = {
  all: ['statements'] as const,
  annual: (year: number) => [...statementKeys.all, 'annual', year] as const,
};

/** How many movements a page shows: the server's default, stated so a test can rely on it. */
export const STATEMENT_PAGE_SIZE = 50;

/**
 * GET /statements/annual?year=&cursor=: the year's summary (on every page) and its movements,
 * oldest first, a page at a time following the server's nextCursor.
 */
export const annualStatementQueryOptions = (year: number) =>
  infiniteQueryOptions({
    queryKey: statementKeys.annual(year),
    queryFn: ({ signal, pageParam }) =>
      apiRequest(apiPaths.annualStatement, {
        schema: annualStatementSchema,
        query: { year: String(year), cursor: pageParam, pageSize: String(STATEMENT_PAGE_SIZE) },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The screen shows its own error state with a retry.
    meta: { silent: true },
  });

export type StatementFormat = 'pdf' | 'csv';

/** The whole year as a file (every movement), with the server's file name. */
export const downloadAnnualStatement = (year: number, format: StatementFormat) =>
  apiDownload(`${format === 'pdf' ? apiPaths.annualStatementPdf : apiPaths.annualStatementCsv}?year=${year}`);

/** The year's file in the format given, saved by the browser under the server's file name. */
export const saveAnnualStatementMutation = (year: number) =>
  mutationOptions({
    mutationFn: async (format: StatementFormat) => {
      const { blob, filename } = await downloadAnnualStatement(year, format);
      saveBlobAs(blob, filename ?? `qmgt-annual-statement-${year}.${format}`);
    },
    // The screen says the failure in its own words.
    meta: { silent: true },
  });
