import { useSearchParams } from 'react-router';
import { ScreenTitle } from '@/components/ui/screen-title';
import { AnnualStatementView } from '@/features/statements/components/annual-statement';

/* The annual statement (DESIGN.md section 11, issue 26): a year's holdings, fees, gains and movements. */

/** /statements?year=: the year in the address, so a statement can be bookmarked or shared with an accountant's checklist. */
export function AnnualStatementRoute() {
  const [params, setParams] = useSearchParams();
  const thisYear = new Date().getUTCFullYear();
  const asked = Number(params.get('year'));
  // A year the address cannot mean falls back to this one; the server refuses a future year itself.
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= thisYear ? asked : thisYear;
  return (
    <>
      <ScreenTitle>Annual Statement</ScreenTitle>
      <AnnualStatementView
        year={year}
        thisYear={thisYear}
        onYearChange={(next) => setParams({ year: String(next) }, { replace: true })}
      />
    </>
  );
}
