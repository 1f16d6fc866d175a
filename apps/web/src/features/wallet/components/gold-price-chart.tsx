import type { GoldPriceResponse } from '@qmgt/contracts';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDateTime } from '@/lib/format';
import { formatPrice } from '@/lib/money';

/** Enough points to draw a week smoothly, however often the feed records. */
const MAX_CHART_POINTS = 240;

type ChartPoint = { at: number; spot: number; label: string };

/**
 * Chart points. Pixels need numbers: the price becomes a JS number here, for drawing only;
 * the figures a reader sees in the tooltip stay the API's exact strings.
 */
function chartPoints(history: GoldPriceResponse['history']): ChartPoint[] {
  const step = Math.max(1, Math.ceil(history.length / MAX_CHART_POINTS));
  const sampled = history.filter((_, i) => i % step === 0 || i === history.length - 1);
  return sampled.map((point) => ({ at: new Date(point.at).getTime(), spot: Number(point.spot), label: point.spot }));
}

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** The spot price over the period (loaded on demand: the charting library is large). */
export default function GoldPriceChart({ history }: { history: GoldPriceResponse['history'] }) {
  const points = chartPoints(history);
  const spansDays = points.length > 1 && points[points.length - 1]!.at - points[0]!.at > 36 * 3600_000;

  return (
    <ResponsiveContainer width="100%" height={220} initialDimension={{ width: 320, height: 220 }}>
      <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <defs>
          <linearGradient id="gold-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="var(--mantine-color-gold-5)" stopOpacity={0.45} />
            <stop offset="100%" stopColor="var(--mantine-color-gold-5)" stopOpacity={0} />
          </linearGradient>
        </defs>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--mantine-color-default-border)" vertical={false} />
        <XAxis
          dataKey="at"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          tickFormatter={(value: number) => (spansDays ? dayFormat : timeFormat).format(value)}
          tick={{ fontSize: 11, fill: 'var(--mantine-color-dimmed)' }}
          minTickGap={24}
        />
        <YAxis
          dataKey="spot"
          domain={['auto', 'auto']}
          width={64}
          tick={{ fontSize: 11, fill: 'var(--mantine-color-dimmed)' }}
          tickFormatter={(value: number) => `$${value.toFixed(2)}`}
        />
        <Tooltip
          labelFormatter={(value) => formatDateTime(new Date(Number(value)).toISOString())}
          formatter={(_value, _name, item) => [formatPrice((item.payload as ChartPoint).label), 'Spot']}
          contentStyle={{
            background: 'var(--mantine-color-body)',
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 8,
          }}
        />
        <Area
          type="monotone"
          dataKey="spot"
          stroke="var(--mantine-color-gold-5)"
          strokeWidth={2}
          fill="url(#gold-fill)"
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}
