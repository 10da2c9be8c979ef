import { useId } from 'react';

/**
 * The dashboard's charts, drawn by hand in SVG: a chart library would weigh more than the whole
 * console chunk for two kinds of chart. Each point carries a native tooltip (`<title>`) with its
 * day and value, and the chart as a whole is an image named by its title.
 */

export interface Series {
  key: string;
  label: string;
  /** A CSS colour, `var(--…)` included (the dashboard's palette, dashboard.css): set as a style, not an attribute. */
  color: string;
  /** One per day of the axis; null where there is no figure (a day the rollup has not reached). */
  values: (number | null)[];
}

interface ChartProps {
  title: string;
  /** 'YYYY-MM-DD', oldest first. */
  days: readonly string[];
  series: readonly Series[];
  format: (v: number) => string;
}

const W = 640;
const H = 200;
const PAD = { top: 12, right: 12, bottom: 24, left: 64 };
const plotW = W - PAD.left - PAD.right;
const plotH = H - PAD.top - PAD.bottom;

function scaleOf(lo: number, hi: number) {
  const min = Math.min(0, lo);
  const max = Math.max(0, hi, min + 1);
  return (v: number) => PAD.top + plotH - ((v - min) / (max - min)) * plotH;
}

const shortDay = (day: string) => day.slice(5);

function Axes({
  days,
  y,
  lo,
  hi,
  format,
}: {
  days: readonly string[];
  y: (v: number) => number;
  lo: number;
  hi: number;
  format: (v: number) => string;
}) {
  const ticks = [...new Set([Math.min(0, lo), 0, Math.max(0, hi)])];
  const labelled = [0, Math.floor((days.length - 1) / 2), days.length - 1].filter((i, k, all) => all.indexOf(i) === k);
  const step = plotW / Math.max(1, days.length);
  return (
    <g className="adm-chart__axes">
      {ticks.map((v) => (
        <g key={v}>
          <line
            x1={PAD.left}
            x2={W - PAD.right}
            y1={y(v)}
            y2={y(v)}
            className={v === 0 ? 'adm-chart__zero' : 'adm-chart__grid'}
          />
          <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" className="adm-chart__label">
            {format(v)}
          </text>
        </g>
      ))}
      {labelled.map((i) => (
        <text key={i} x={PAD.left + step * (i + 0.5)} y={H - 6} textAnchor="middle" className="adm-chart__label">
          {shortDay(days[i] ?? '')}
        </text>
      ))}
    </g>
  );
}

function Legend({ series }: { series: readonly Series[] }) {
  if (series.length < 2) return null;
  return (
    <ul className="adm-chart__legend">
      {series.map((s) => (
        <li key={s.key}>
          <span className="adm-chart__swatch" style={{ background: s.color }} />
          {s.label}
        </li>
      ))}
    </ul>
  );
}

/** Bars per day; several series are stacked (every value ≥ 0), one series may go below zero. */
export function BarChart({ title, days, series, format }: ChartProps) {
  const id = useId();
  const stack = days.map((_, i) => series.reduce((s, x) => s + Math.max(0, x.values[i] ?? 0), 0));
  const lows = days.map((_, i) => series.reduce((s, x) => s + Math.min(0, x.values[i] ?? 0), 0));
  const hi = Math.max(0, ...stack);
  const lo = Math.min(0, ...lows);
  const y = scaleOf(lo, hi);
  const step = plotW / Math.max(1, days.length);
  const barW = Math.max(2, step * 0.7);
  return (
    <figure className="adm-chart">
      <figcaption id={id} className="adm-card__title">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={id} className="adm-chart__svg">
        <title>{title}</title>
        <Axes days={days} y={y} lo={lo} hi={hi} format={format} />
        {days.map((day, i) => {
          let up = 0;
          let down = 0;
          const x = PAD.left + step * i + (step - barW) / 2;
          return (
            <g key={day}>
              {series.map((s) => {
                const v = s.values[i];
                if (v === null || v === undefined || v === 0) return null;
                const from = v > 0 ? up : down;
                const to = from + v;
                if (v > 0) up = to;
                else down = to;
                return (
                  <rect
                    key={s.key}
                    x={x}
                    width={barW}
                    y={Math.min(y(from), y(to))}
                    height={Math.max(1, Math.abs(y(from) - y(to)))}
                    style={{ fill: s.color }}
                    className="adm-chart__bar"
                  >
                    <title>{`${day} ${s.label}: ${format(v)}`}</title>
                  </rect>
                );
              })}
            </g>
          );
        })}
      </svg>
      <Legend series={series} />
    </figure>
  );
}

/** A line per series; a day without a figure breaks the line rather than drawing it as zero. */
export function LineChart({ title, days, series, format }: ChartProps) {
  const id = useId();
  const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const hi = Math.max(0, ...all);
  const lo = Math.min(0, ...all);
  const y = scaleOf(lo, hi);
  const step = plotW / Math.max(1, days.length);
  const xOf = (i: number) => PAD.left + step * (i + 0.5);
  return (
    <figure className="adm-chart">
      <figcaption id={id} className="adm-card__title">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={id} className="adm-chart__svg">
        <title>{title}</title>
        <Axes days={days} y={y} lo={lo} hi={hi} format={format} />
        {series.map((s) => {
          const runs: string[][] = [[]];
          s.values.forEach((v, i) => {
            if (v === null) runs.push([]);
            else runs.at(-1)?.push(`${xOf(i)},${y(v)}`);
          });
          return (
            <g key={s.key}>
              {runs
                .filter((r) => r.length > 1)
                .map((r) => (
                  <polyline key={r[0]} points={r.join(' ')} style={{ stroke: s.color }} className="adm-chart__line" />
                ))}
              {s.values.map((v, i) =>
                v === null ? null : (
                  <circle key={days[i]} cx={xOf(i)} cy={y(v)} r={2.5} style={{ fill: s.color }}>
                    <title>{`${days[i]} ${s.label}: ${format(v)}`}</title>
                  </circle>
                ),
              )}
            </g>
          );
        })}
      </svg>
      <Legend series={series} />
    </figure>
  );
}
