import type { GaeStatement } from '@qmgt/contracts';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatAmount, formatGrams } from '@/lib/money';

type Point = { day: string; grams: number; value: number; gramsText: string; valueText: string };

/** The series with the opening day before it and the closing day after it, so a line has two ends. */
export function chartPoints(statement: GaeStatement): Point[] {
  const point = (day: string, grams: string, valueUsdt: string | null): Point => ({
    day,
    grams: Number(grams),
    value: valueUsdt === null ? Number.NaN : Number(valueUsdt),
    gramsText: formatGrams(grams),
    valueText: valueUsdt === null ? '' : `${formatAmount(valueUsdt, 'USDT')} USDT`,
  });
  const points = statement.series.map((s) => point(s.date, s.grams, s.valueUsdt));
  if (points[0]?.day !== statement.from) points.unshift(point(statement.from, statement.openingGrams, null));
  if (points[points.length - 1]?.day !== statement.to)
    points.push(point(statement.to, statement.closingGrams, statement.valuationUsdt));
  return points;
}

/**
 * Grams and their value at the end of each day with a movement. Pixels need numbers: the
 * figures become JS numbers here, for drawing only; the tooltip shows the API's exact strings.
 */
export default function StatementChart({ statement }: { statement: GaeStatement }) {
  const points = chartPoints(statement);
  return (
    <ResponsiveContainer width="100%" height={240} initialDimension={{ width: 320, height: 240 }}>
      <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--mantine-color-default-border)" vertical={false} />
        <XAxis dataKey="day" tick={{ fontSize: 11, fill: 'var(--mantine-color-dimmed)' }} minTickGap={24} />
        <YAxis
          yAxisId="grams"
          width={56}
          tick={{ fontSize: 11, fill: 'var(--mantine-color-dimmed)' }}
          tickFormatter={(v: number) => `${v.toFixed(2)} g`}
        />
        <YAxis
          yAxisId="value"
          orientation="right"
          width={64}
          tick={{ fontSize: 11, fill: 'var(--mantine-color-dimmed)' }}
          tickFormatter={(v: number) => `$${v.toFixed(0)}`}
        />
        <Tooltip
          formatter={(_value, name, item) => {
            const point = item.payload as Point;
            return name === 'Grams' ? [point.gramsText, 'Grams'] : [point.valueText, 'Value'];
          }}
          contentStyle={{
            background: 'var(--mantine-color-body)',
            border: '1px solid var(--mantine-color-default-border)',
          }}
        />
        <Legend />
        <Line
          yAxisId="grams"
          type="stepAfter"
          dataKey="grams"
          name="Grams"
          stroke="var(--mantine-color-gold-6)"
          strokeWidth={2}
          dot
        />
        <Line
          yAxisId="value"
          type="monotone"
          dataKey="value"
          name="Value (USDT)"
          stroke="var(--mantine-color-blue-6)"
          strokeWidth={1.5}
          dot={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
