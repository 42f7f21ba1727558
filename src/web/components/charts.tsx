// Two small SVG charts (a line over labelled points and a doughnut of shares) drawn at the container's real width,
// so their text stays legible from a 390 px phone to a wide screen; each carries its data as a visually hidden table
// for screen readers. No chart library: the dashboard needs two fixed charts, not a dependency of 100 KB.
import { useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/web/lib/utils.ts';

export interface ChartPoint {
  label: string;
  value: number;
}

/** Number formatting of the charts' labels (whole numbers, grouped as uk-UA writes them). */
const formatNumber = (value: number) => new Intl.NumberFormat('uk-UA', { maximumFractionDigits: 1 }).format(value);

/** The container's width in pixels, followed as it resizes (a fallback before the first layout and in jsdom). */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const measured = Math.floor(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** Round axis bounds and a step giving about `count` gridlines around the values. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  const span = max - min || Math.abs(max) || 1;
  const raw = span / Math.max(1, count - 1);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  const start = Math.floor(min / step) * step;
  const end = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let t = start; t <= end + step / 2; t += step) ticks.push(Number(t.toFixed(10)));
  return ticks;
}

function DataTable({ caption, headers, rows }: { caption: string; headers: [string, string]; rows: string[][] }) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{headers[0]}</th>
          <th scope="col">{headers[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function LineChart({
  title,
  points,
  headers,
  height = 220,
}: {
  /** Names the chart for assistive technology (the visible title is the card's). */
  title: string;
  points: readonly ChartPoint[];
  /** The hidden table's column headers: the labels' and the values'. */
  headers: [string, string];
  height?: number;
}) {
  const [ref, width] = useWidth(480);
  const values = points.map((p) => p.value);
  const ticks = niceTicks(Math.min(...values), Math.max(...values));
  const low = ticks[0]!;
  const high = ticks[ticks.length - 1]!;
  const pad = { top: 12, right: 16, bottom: 28, left: 48 };
  const innerWidth = Math.max(1, width - pad.left - pad.right);
  const innerHeight = height - pad.top - pad.bottom;
  const x = (i: number) => pad.left + (points.length > 1 ? (i * innerWidth) / (points.length - 1) : innerWidth / 2);
  const y = (v: number) => pad.top + innerHeight - ((v - low) / (high - low || 1)) * innerHeight;
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const area = `${line} L${x(points.length - 1).toFixed(1)},${y(low)} L${x(0).toFixed(1)},${y(low)} Z`;
  return (
    <figure className="m-0 min-w-0">
      {/* min-w-0 and no overflow: the box takes its width from the layout, never from the SVG drawn inside it. */}
      <div ref={ref} className="w-full min-w-0 overflow-hidden">
        <svg width={width} height={height} role="img" aria-label={title} className="block overflow-visible">
          {ticks.map((t) => (
            <g key={t}>
              <line x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} className="stroke-border" />
              <text
                x={pad.left - 8}
                y={y(t)}
                textAnchor="end"
                dominantBaseline="middle"
                className="fill-muted-foreground text-[11px] tabular-nums"
              >
                {formatNumber(t)}
              </text>
            </g>
          ))}
          <path d={area} className="fill-primary/10" />
          <path d={line} fill="none" strokeWidth={2.5} strokeLinejoin="round" className="stroke-primary" />
          {points.map((p, i) => (
            <g key={p.label}>
              <circle cx={x(i)} cy={y(p.value)} r={4} strokeWidth={2} className="fill-card stroke-primary">
                <title>{`${p.label}: ${formatNumber(p.value)}`}</title>
              </circle>
              <text x={x(i)} y={height - 8} textAnchor="middle" className="fill-muted-foreground text-[11px]">
                {p.label}
              </text>
            </g>
          ))}
        </svg>
      </div>
      <DataTable caption={title} headers={headers} rows={points.map((p) => [p.label, formatNumber(p.value)])} />
    </figure>
  );
}

/** The segment colours, in order (the theme's primary first). */
const segmentColours = ['fill-primary', 'fill-sky-500', 'fill-amber-500', 'fill-emerald-500', 'fill-rose-500'];
const swatchColours = ['bg-primary', 'bg-sky-500', 'bg-amber-500', 'bg-emerald-500', 'bg-rose-500'];

/** Each share's arc, clockwise from twelve o'clock. */
function segmentsOf(points: readonly ChartPoint[], total: number) {
  const arcs: Array<{ point: ChartPoint; start: number; end: number; sweep: number }> = [];
  let angle = -Math.PI / 2;
  for (const point of points) {
    const sweep = (point.value / total) * Math.PI * 2;
    arcs.push({ point, start: angle, end: angle + sweep, sweep });
    angle += sweep;
  }
  return arcs;
}

export function DoughnutChart({
  title,
  points,
  headers,
  unit = '%',
  size = 168,
}: {
  title: string;
  points: readonly ChartPoint[];
  headers: [string, string];
  /** Written after each value in the legend. */
  unit?: string;
  size?: number;
}) {
  const total = points.reduce((sum, p) => sum + p.value, 0) || 1;
  const radius = size / 2;
  const thickness = size * 0.2;
  const inner = radius - thickness;
  const arcs = segmentsOf(points, total);
  const at = (r: number, a: number) =>
    `${(radius + r * Math.cos(a)).toFixed(2)},${(radius + r * Math.sin(a)).toFixed(2)}`;
  const text = (p: ChartPoint) => `${formatNumber(p.value)}${unit}`;
  return (
    <figure className="m-0 flex flex-wrap items-center justify-center gap-6">
      <svg width={size} height={size} role="img" aria-label={title} className="shrink-0">
        {arcs.map(({ point, start, end, sweep }, i) => {
          const large = sweep > Math.PI ? 1 : 0;
          const d =
            sweep >= Math.PI * 2 - 1e-9
              ? `M${at(radius, 0)} A${radius},${radius} 0 1 1 ${at(radius, Math.PI)} A${radius},${radius} 0 1 1 ${at(radius, 0)} M${at(inner, 0)} A${inner},${inner} 0 1 0 ${at(inner, Math.PI)} A${inner},${inner} 0 1 0 ${at(inner, 0)} Z`
              : `M${at(radius, start)} A${radius},${radius} 0 ${large} 1 ${at(radius, end)} L${at(inner, end)} A${inner},${inner} 0 ${large} 0 ${at(inner, start)} Z`;
          return (
            <path
              key={point.label}
              d={d}
              fillRule="evenodd"
              className={cn(segmentColours[i % segmentColours.length], 'stroke-card')}
              strokeWidth={2}
            >
              <title>{`${point.label}: ${text(point)}`}</title>
            </path>
          );
        })}
      </svg>
      <ul className="grid min-w-36 gap-2 text-sm" aria-hidden="true">
        {points.map((p, i) => (
          <li key={p.label} className="flex items-center gap-2">
            <span className={cn('size-3 shrink-0 rounded-sm', swatchColours[i % swatchColours.length])} />
            <span className="flex-1 text-muted-foreground">{p.label}</span>
            <span className="font-medium tabular-nums">{text(p)}</span>
          </li>
        ))}
      </ul>
      <DataTable caption={title} headers={headers} rows={points.map((p) => [p.label, text(p)])} />
    </figure>
  );
}
