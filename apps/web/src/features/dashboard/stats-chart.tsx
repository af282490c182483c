// Loaded only when a Stats dialog opens: uPlot and its styles stay out of the first page's JavaScript.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  color: string;
  values: number[];
}

const range = (_u: uPlot, _min: number, max: number): uPlot.Range.MinMax => [0, Math.max(4, Math.ceil(max * 1.1))];

const HEIGHT = 220;
const utc = (ts: number) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC');
const axis = (extra: Partial<uPlot.Axis> = {}): uPlot.Axis => ({
  stroke: '#94a3b8',
  grid: { stroke: '#1e293b', width: 1 },
  ticks: { stroke: '#334155', width: 1 },
  font: '11px system-ui, sans-serif',
  ...extra,
});

/** A line per series over UTC days ('YYYY-MM-DD'), as wide as its box (redrawn when the box resizes). */
export default function StatsChart({ dates, series }: { dates: string[]; series: ChartSeries[] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = dates.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const opts: uPlot.Options = {
      width: Math.max(el.clientWidth, 200),
      height: HEIGHT,
      tzDate: utc,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      // Each series on its own scale (views run far above downloads): the first on the left axis, the second on the right.
      scales: { x: { time: true }, ...Object.fromEntries(series.map((_s, i) => [`s${i}`, { range }])) },
      axes: [
        axis(),
        ...series.map((s, i) =>
          axis({
            scale: `s${i}`,
            side: i === 0 ? 3 : 1,
            size: 48,
            stroke: s.color,
            grid: { show: i === 0, stroke: '#1e293b', width: 1 },
          }),
        ),
      ],
      series: [
        {},
        ...series.map((s, i) => ({
          label: s.label,
          scale: `s${i}`,
          stroke: s.color,
          width: 2,
          points: { show: false },
        })),
      ],
    };
    const plot = new uPlot(opts, [xs, ...series.map((s) => s.values)], el);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 200), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [dates, series]);

  return <div ref={box} className="w-full overflow-hidden" data-testid="stats-chart" />;
}
